import { afterEach, describe, it, expect, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSignInFlow } from '../sign-in-flow.ts';
import { SignInPanel } from './sign-in-panel.tsx';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { testSite } from '../../../test/site.test-support.ts';

const pinInfoPath = '/api/auth/get-pin-info';
const checkCredentialPath = '/api/auth/check-credential';
const knownDevice = { needSetPin: false, needSetPhone: false, isNewDevice: false };
const newUser = { needSetPin: true, needSetPhone: false, isNewDevice: true };

afterEach(() => vi.unstubAllGlobals());

async function signInByPhone(phone: string, options: { whatsapp?: boolean } = {}) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Phone number'), phone);
  if (options.whatsapp) await user.click(screen.getByRole('radio', { name: 'WhatsApp' }));
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('SignInPanel', () => {
  it('sends a known browser of an account with a PIN straight to the PIN', async () => {
    const server = stubApi({ [`POST ${pinInfoPath}`]: [() => okAnswer(knownDevice)] });
    renderPage(<SignInPanel />, { history: ['/'] });
    await signInByPhone('0812 3456 7890');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/passcode'));
    expect(server.bodiesOf(pinInfoPath)).toEqual([{ identifierType: 'phone', identifierValue: '081234567890', countryCode: '62' }]);
    expect(server.bodiesOf(checkCredentialPath)).toEqual([]);
    expect(readSignInFlow().identifier?.identifierValue).toBe('081234567890');
  });

  it('asks a new user for a code with the contract body, then opens the code step', async () => {
    const server = stubApi({
      [`POST ${pinInfoPath}`]: [() => okAnswer(newUser)],
      [`POST ${checkCredentialPath}`]: [() => okAnswer({ expireIn: 60, requestRemaining: 2 })],
    });
    renderPage(<SignInPanel />, { history: ['/?referenceId=ref-9'] });
    await signInByPhone('81234567890', { whatsapp: true });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(server.bodiesOf(checkCredentialPath)).toEqual([
      {
        identifierType: 'phone',
        identifierValue: '081234567890',
        countryCode: '62',
        type: 'login',
        referenceId: 'ref-9',
        senderType: 'WHATSAPP',
      },
    ]);
    expect(readSignInFlow().sentCode?.requestRemaining).toBe(2);
  });

  it('reuses the cached code answer while the same request has not expired', async () => {
    const server = stubApi({
      [`POST ${pinInfoPath}`]: [() => okAnswer(newUser), () => okAnswer(newUser)],
      [`POST ${checkCredentialPath}`]: [() => okAnswer({ expireIn: 60, requestRemaining: 2 })],
    });
    renderPage(<SignInPanel />, { history: ['/'] });
    await signInByPhone('081234567890');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));

    cleanup();
    renderPage(<SignInPanel />, { history: ['/'] });
    await signInByPhone('081234567890');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(server.bodiesOf(pinInfoPath)).toHaveLength(2);
    expect(server.bodiesOf(checkCredentialPath)).toHaveLength(1);
  });

  it('shows the phone message under the field and sends nothing for an invalid number', async () => {
    const server = stubApi({});
    renderPage(<SignInPanel />, { history: ['/'] });
    await signInByPhone('12345');
    const input = screen.getByLabelText('Phone number');
    await waitFor(() => expect(input).toHaveAccessibleDescription('Invalid phone number, please try again'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(server.requests).toEqual([]);
  });

  it('asks for consent before anything is sent', async () => {
    const user = userEvent.setup();
    const server = stubApi({});
    renderPage(<SignInPanel />, { history: ['/'] });
    await user.type(screen.getByLabelText('Phone number'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Please agree to the Terms & Conditions/)).toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  it('signs in by e-mail on an e-mail merchant, without a sender choice', async () => {
    const user = userEvent.setup();
    const server = stubApi({
      [`POST ${pinInfoPath}`]: [() => okAnswer(newUser)],
      [`POST ${checkCredentialPath}`]: [() => okAnswer({ expireIn: 120, requestRemaining: 2 })],
    });
    renderPage(<SignInPanel />, { history: ['/'], site: testSite({ merchant: { defaultLogin: 'email' } }) });
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'SMS' })).not.toBeInTheDocument();

    const email = screen.getByLabelText('Email address');
    await user.type(email, 'sari@kopi');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is not valid'));

    await user.clear(email);
    await user.type(email, 'sari@kopi.id');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(server.bodiesOf(checkCredentialPath)).toEqual([
      { identifierType: 'email', identifierValue: 'sari@kopi.id', countryCode: '62', type: 'login' },
    ]);
  });

  it('offers only the merchant\'s kind of identifier unless it accepts both', () => {
    renderPage(<SignInPanel />, { history: ['/?with=email'] });
    expect(screen.getByLabelText('Phone number')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /instead/ })).not.toBeInTheDocument();
  });

  it('switches to the other kind on a merchant that accepts both, and signs in with it', async () => {
    const user = userEvent.setup();
    const server = stubApi({
      [`POST ${pinInfoPath}`]: [() => okAnswer(newUser)],
      [`POST ${checkCredentialPath}`]: [() => okAnswer({ expireIn: 120, requestRemaining: 2 })],
    });
    renderPage(<SignInPanel />, { history: ['/'], site: testSite({ merchant: { defaultLogin: 'email', acceptsBothLogins: true } }) });
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use phone number instead' }));
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveFocus();
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?with=phone');
    expect(screen.getByRole('button', { name: 'Use e-mail instead' })).toBeInTheDocument();

    await signInByPhone('0812 3456 7890');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(server.bodiesOf(checkCredentialPath)).toEqual([
      { identifierType: 'phone', identifierValue: '081234567890', countryCode: '62', type: 'login', senderType: 'SMS' },
    ]);
  });

  it('puts the server field message under the field', async () => {
    stubApi({
      [`POST ${pinInfoPath}`]: [
        () =>
          errorAnswer('VALIDATION_FAILED', {
            details: [{ field: 'body.identifierValue', rule: 'too_big', message: 'Phone number is too long' }],
          }),
      ],
    });
    renderPage(<SignInPanel />, { history: ['/'] });
    await signInByPhone('081234567890');
    await waitFor(() => expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Phone number is too long'));
  });

  it('counts down when too many codes were asked for', async () => {
    stubApi({
      [`POST ${pinInfoPath}`]: [() => okAnswer(newUser)],
      [`POST ${checkCredentialPath}`]: [
        () =>
          errorAnswer('OTP_REQUESTS_LOCKED', {
            lockedUntil: '2030-01-01T10:03:00.000Z',
            currentTime: '2030-01-01T10:00:00.000Z',
          }),
      ],
    });
    renderPage(<SignInPanel />, { history: ['/'] });
    await signInByPhone('081234567890');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have requested too many codes');
    expect(screen.getByRole('timer')).toHaveTextContent(/^00:0[23]:\d\d$/);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});
