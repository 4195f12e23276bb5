import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession } from '../../../lib/session.ts';
import { readSignInFlow, updateSignInFlow } from '../sign-in-flow.ts';
import { PasscodePage } from './passcode-page.tsx';
import { signInAnswer } from '../../../features/auth/auth.test-support.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { signedInUser } from '../../../test/session.test-support.ts';

const identifier = { identifierType: 'phone', identifierValue: '081234567890', countryCode: '62' } as const;
const loginPath = '/api/auth/login-by-pin';

async function enterPin(pin: string) {
  await userEvent.setup().type(screen.getByLabelText('Enter your PIN'), pin);
}

beforeEach(() => {
  updateSignInFlow({ identifier, senderType: 'SMS', pinInfo: { needSetPin: false, needSetPhone: false, isNewDevice: false } });
});
afterEach(() => vi.unstubAllGlobals());

describe('PasscodePage', () => {
  it('signs in with the PIN and opens the cards', async () => {
    const server = stubApi({ [`POST ${loginPath}`]: [() => okAnswer(signInAnswer({ loginType: 'pin' }))] });
    renderPage(<PasscodePage />, { history: ['/passcode'] });
    await enterPin('123456');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/));
    expect(server.bodiesOf(loginPath)).toEqual([{ ...identifier, pin: '123456' }]);
    expect(getSession()).toEqual({ user: { ...signedInUser, isNewUser: false }, loginType: 'pin' });
    expect(readSignInFlow()).toEqual({});
  });

  it('shows the attempts left after a wrong PIN', async () => {
    stubApi({ [`POST ${loginPath}`]: [() => errorAnswer('PIN_INVALID', { attemptsRemaining: 2 })] });
    renderPage(<PasscodePage />, { history: ['/passcode'] });
    await enterPin('111111');
    expect(await screen.findByText('Wrong PIN. You have 2 attempts left before your PIN is locked.')).toBeInTheDocument();
    expect(screen.getByLabelText('Enter your PIN')).toHaveValue('');
    expect(screen.getByLabelText('Enter your PIN')).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens the device lock page when the PIN gets locked', async () => {
    stubApi({
      [`POST ${loginPath}`]: [
        () => errorAnswer('PIN_LOCKED', { lockedUntil: '2030-01-01T11:00:00.000Z', currentTime: '2030-01-01T10:00:00.000Z' }),
      ],
    });
    renderPage(<PasscodePage />, { history: ['/passcode'] });
    await enterPin('111111');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/device-locked\?until=/));
  });

  it('opens the device lock page on the third wrong PIN', async () => {
    const wrong = () => errorAnswer('PIN_INVALID');
    stubApi({ [`POST ${loginPath}`]: [wrong, wrong, wrong] });
    renderPage(<PasscodePage />, { history: ['/passcode'] });
    await enterPin('111111');
    expect(await screen.findByText(/You have 2 attempts left/)).toBeInTheDocument();
    await enterPin('222222');
    expect(await screen.findByText(/You have 1 attempt left/)).toBeInTheDocument();
    await enterPin('333333');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/device-locked/));
  });

  it('sends an unknown device back to the code step', async () => {
    const server = stubApi({
      [`POST ${loginPath}`]: [() => errorAnswer('NEW_DEVICE')],
      'POST /api/auth/check-credential': [() => okAnswer({ expireIn: 60, requestRemaining: 2 })],
    });
    renderPage(<PasscodePage />, { history: ['/passcode'] });
    await enterPin('123456');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(server.bodiesOf('/api/auth/check-credential')).toEqual([{ ...identifier, type: 'login', senderType: 'SMS' }]);
  });

  it('starts a PIN reset from the forgotten-PIN link', async () => {
    const server = stubApi({ 'POST /api/auth/request-reset-pin': [() => okAnswer({ expireIn: 60, requestRemaining: 2 })] });
    renderPage(<PasscodePage />, { history: ['/passcode'] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(server.bodiesOf('/api/auth/request-reset-pin')).toEqual([{ ...identifier, senderType: 'SMS' }]);
    expect(readSignInFlow()).toMatchObject({ purpose: 'reset-pin', resetInProcess: true });
  });

  it('asks the new-device PIN with its own words', () => {
    renderPage(<PasscodePage />, { history: ['/passcode?mode=LOGIN_NEW_DEVICE'] });
    expect(screen.getByText(/This device is new to your account/)).toBeInTheDocument();
  });
});
