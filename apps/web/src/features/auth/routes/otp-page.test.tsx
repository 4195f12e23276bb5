import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession } from '../../../lib/session.ts';
import { readSignInFlow, updateSignInFlow } from '../sign-in-flow.ts';
import { OtpPage } from './otp-page.tsx';
import { signInAnswer } from '../../../features/auth/auth.test-support.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';

const identifier = { identifierType: 'phone', identifierValue: '081234567890', countryCode: '62' } as const;
const verifyPath = '/api/auth/verify-otp';

function startFlow(pinInfo = { needSetPin: true, needSetPhone: false, isNewDevice: true }) {
  updateSignInFlow({
    identifier,
    senderType: 'SMS',
    purpose: 'login',
    pinInfo,
    sentCode: { requestRemaining: 2, expiredAt: Date.now() + 60_000 },
  });
}

async function enterCode(code: string) {
  await userEvent.setup().type(screen.getByLabelText('Verification code'), code);
}

beforeEach(() => startFlow());
afterEach(() => vi.unstubAllGlobals());

describe('OtpPage', () => {
  it('tells where the code went, when a new one can be asked for and how many remain', () => {
    stubApi({});
    renderPage(<OtpPage />, { history: ['/login'] });
    expect(screen.getByRole('heading', { name: 'Enter verification code' })).toBeInTheDocument();
    expect(screen.getByText('We sent a 6-digit code to +62 81234567890 by SMS.')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^00:01:00|00:00:59$/);
    expect(screen.getByText('2 code requests left')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveFocus();
  });

  it('offers to go back and change the phone number', async () => {
    stubApi({});
    renderPage(<OtpPage />, { history: ['/login'] });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Change phone number' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows the wrong-code message with the attempts left', async () => {
    const server = stubApi({ [`POST ${verifyPath}`]: [() => errorAnswer('OTP_INVALID', { attemptsRemaining: 2 })] });
    renderPage(<OtpPage />, { history: ['/login'] });
    await enterCode('111111');
    const alert = await screen.findByText('Your verification code is not valid, please try again');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'You have 2 attempts left before you are locked out of your account',
    );
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(server.bodiesOf(verifyPath)).toEqual([{ ...identifier, type: 'login', otp: '111111' }]);
  });

  it('opens the lock page with the unlock time when the account gets locked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T12:00:00.000Z'));
    stubApi({
      [`POST ${verifyPath}`]: [
        () => errorAnswer('LOGIN_LOCKED', { lockedUntil: '2030-01-01T09:00:00.000Z', currentTime: '2030-01-01T08:00:00.000Z' }),
      ],
    });
    renderPage(<OtpPage />, { history: ['/login'] });
    await enterCode('111111');
    // The server's clock is 4 hours behind this browser's: the lock still lasts one hour from now.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/lock?until=${encodeURIComponent('2030-01-01T13:00:00.000Z')}`),
    );
    vi.useRealTimers();
  });

  it('goes on to create a PIN when the account has none yet', async () => {
    stubApi({ [`POST ${verifyPath}`]: [() => okAnswer(signInAnswer({ isNewUser: true }))] });
    renderPage(<OtpPage />, { history: ['/login'] });
    await enterCode('123456');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/new-pin$/));
    expect(readSignInFlow().pinPending).toEqual({ isNewUser: true, userId: expect.any(String) });
    expect(readSignInFlow().lastCredentialBody).toBeUndefined();
    expect(getSession().user).toBeNull();
  });

  it('asks the PIN of a known account on a new device, as the server tells once the code is passed', async () => {
    // Before the code, a new browser is told what any number gets.
    startFlow({ needSetPin: true, needSetPhone: false, isNewDevice: true });
    const server = stubApi({
      [`POST ${verifyPath}`]: [() => okAnswer(signInAnswer())],
      'POST /api/auth/get-pin-info': [() => okAnswer({ needSetPin: false, needSetPhone: false, isNewDevice: true })],
    });
    renderPage(<OtpPage />, { history: ['/login'] });
    await enterCode('123456');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/passcode?mode=LOGIN_NEW_DEVICE'));
    expect(server.bodiesOf('/api/auth/get-pin-info')).toEqual([identifier]);
    expect(readSignInFlow().pinInfo).toEqual({ needSetPin: false, needSetPhone: false, isNewDevice: true });
  });

  it('goes on to create a PIN for an account that has none, as the server tells once the code is passed', async () => {
    startFlow({ needSetPin: true, needSetPhone: false, isNewDevice: true });
    stubApi({
      [`POST ${verifyPath}`]: [() => okAnswer(signInAnswer())],
      'POST /api/auth/get-pin-info': [() => okAnswer({ needSetPin: true, needSetPhone: false, isNewDevice: true })],
    });
    renderPage(<OtpPage />, { history: ['/login'] });
    await enterCode('123456');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/new-pin$/));
  });

  it('verifies a reset code and goes on to the new PIN', async () => {
    updateSignInFlow({ purpose: 'reset-pin', resetInProcess: true });
    const server = stubApi({ 'POST /api/auth/verify-pin-otp': [() => okAnswer({ verified: true })] });
    renderPage(<OtpPage />, { history: ['/login'] });
    expect(screen.getByRole('heading', { name: 'Reset your PIN' })).toBeInTheDocument();
    await enterCode('654321');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/new-pin?mode=RESET'));
    expect(server.bodiesOf('/api/auth/verify-pin-otp')).toEqual([{ ...identifier, otp: '654321' }]);
    expect(readSignInFlow().resetInProcess).toBe(false);
  });

  it('resends a code once the countdown ends, skipping the cache', async () => {
    updateSignInFlow({
      sentCode: { requestRemaining: 2, expiredAt: Date.now() - 1 },
      lastCredentialBody: { ...identifier, type: 'login', senderType: 'SMS' },
      lastCredentialResponse: { expireIn: 60, requestRemaining: 2, expiredAt: Date.now() + 60_000 },
    });
    const server = stubApi({ 'POST /api/auth/check-credential': [() => okAnswer({ expireIn: 60, requestRemaining: 1 })] });
    renderPage(<OtpPage />, { history: ['/login'] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('1 code request left')).toBeInTheDocument();
    expect(server.bodiesOf('/api/auth/check-credential')).toEqual([{ ...identifier, type: 'login', senderType: 'SMS' }]);
  });

  it('sends a visitor without a sign-in in progress back to the start', () => {
    sessionStorage.clear();
    renderPage(<OtpPage />, { history: ['/login'] });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
