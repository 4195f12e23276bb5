import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession, setSession } from '../../../lib/session.ts';
import { RegisterPhonePage } from './register-phone-page.tsx';
import { sessionAnswer } from '../../../features/auth/auth.test-support.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { signedInUser } from '../../../test/session.test-support.ts';

const checkPath = '/api/auth/check-credential';
const phoneIdentifier = { identifierType: 'phone', identifierValue: '081234567890', countryCode: '62' };

beforeEach(() => setSession({ user: { ...signedInUser, phone: null, email: 'sari@kopi.id' }, loginType: 'otp' }));
afterEach(() => vi.unstubAllGlobals());

describe('RegisterPhonePage', () => {
  it('adds a phone number proven by a code, then opens the cards', async () => {
    const user = userEvent.setup();
    const server = stubApi({
      [`POST ${checkPath}`]: [() => okAnswer({ expireIn: 60, requestRemaining: 2 })],
      'POST /api/auth/verify-otp': [() => okAnswer(sessionAnswer({ phone: '+6281234567890' }))],
    });
    renderPage(<RegisterPhonePage />, { history: ['/register-phone-number'] });
    await user.type(screen.getByLabelText('Phone number'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/));
    expect(server.bodiesOf(checkPath)).toEqual([{ ...phoneIdentifier, type: 'register-phone', senderType: 'SMS' }]);
    expect(server.bodiesOf('/api/auth/verify-otp')).toEqual([{ ...phoneIdentifier, type: 'register-phone', otp: '123456' }]);
    expect(getSession().user?.phone).toBe('+6281234567890');
  });

  it('says so under the field when the number belongs to another account', async () => {
    const user = userEvent.setup();
    stubApi({ [`POST ${checkPath}`]: [() => errorAnswer('PHONE_TAKEN')] });
    renderPage(<RegisterPhonePage />, { history: ['/register-phone-number'] });
    await user.type(screen.getByLabelText('Phone number'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('This phone number is already used by another account'),
    );
  });
});
