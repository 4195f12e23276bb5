import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/feedback/toast-store.ts';
import { getSession } from '../../../lib/session.ts';
import { sessionAnswer } from '../auth.test-support.ts';
import { readSignInFlow, updateSignInFlow } from '../sign-in-flow.ts';
import { NewPinPage } from './new-pin-page.tsx';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { signedInUser } from '../../../test/session.test-support.ts';

async function choosePin(first: string, again = first) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Create your PIN|Set a new PIN/), first);
  await user.type(screen.getByLabelText('Re-enter your PIN'), again);
}

beforeEach(() => {
  updateSignInFlow({
    identifier: { identifierType: 'email', identifierValue: 'sari@kopi.id', countryCode: '62' },
    pinPending: { isNewUser: true },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
});

describe('NewPinPage', () => {
  it('creates the first PIN, signs in and opens the cards', async () => {
    const server = stubApi({
      'POST /api/auth/register-pin': [() => okAnswer(undefined, 204)],
      'GET /api/auth/session': [() => okAnswer(sessionAnswer())],
    });
    renderPage(<NewPinPage />, { history: ['/new-pin'] });
    expect(screen.getByRole('heading', { name: 'Create your PIN' })).toBeInTheDocument();
    await choosePin('135790');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/));
    expect(server.bodiesOf('/api/auth/register-pin')).toEqual([{ pin: '135790' }]);
    expect(getSession()).toEqual({ user: { ...signedInUser, isNewUser: true }, loginType: 'otp' });
    expect(readSignInFlow()).toEqual({});
  });

  it('sends an e-mail account that still needs a phone to the phone step', async () => {
    stubApi({
      'POST /api/auth/register-pin': [() => okAnswer(undefined, 204)],
      'GET /api/auth/session': [() => okAnswer({ ...sessionAnswer(), needSetPhone: true })],
    });
    renderPage(<NewPinPage />, { history: ['/new-pin'] });
    await choosePin('135790');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/register-phone-number'));
  });

  it('sets the new PIN of a reset and says so', async () => {
    const server = stubApi({
      'POST /api/pin/reset': [() => okAnswer(undefined, 204)],
      'GET /api/auth/session': [() => okAnswer(sessionAnswer())],
    });
    renderPage(<NewPinPage />, { history: ['/new-pin?mode=RESET'] });
    expect(screen.getByRole('heading', { name: 'Set a new PIN' })).toBeInTheDocument();
    await choosePin('246802');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/));
    expect(server.bodiesOf('/api/pin/reset')).toEqual([{ pin: '246802' }]);
    expect(toast.getToasts().map((item) => item.message)).toEqual(['Your new PIN is set.']);
  });

  it('shows why the server refused the PIN', async () => {
    stubApi({
      'POST /api/auth/register-pin': [
        () => errorAnswer('VALIDATION_FAILED', { details: [{ field: 'body.pin', rule: 'weak', message: 'Choose a PIN that is harder to guess' }] }),
      ],
    });
    renderPage(<NewPinPage />, { history: ['/new-pin'] });
    await choosePin('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PIN that is harder to guess');
  });
});
