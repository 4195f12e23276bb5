import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSession } from '../../../lib/session.ts';
import { ChangePinPage } from './change-pin-page.tsx';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { sessionUser } from '../../../test/session.test-support.ts';

/** PATCH /api/pin/change answering one response per call, in order; 204 once they run out. */
function stubPinChange(...answers: Answer[]) {
  const server = stubApi({ 'PATCH /api/pin/change': [...answers, () => okAnswer(undefined, 204)] });
  return () => server.to('PATCH', '/api/pin/change').map(({ method, body }) => ({ method, body }));
}

const wrongPin = () => errorAnswer('PIN_INVALID', { attemptsRemaining: 2 });
const locked = () => errorAnswer('PIN_LOCKED', { lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' });

function renderChangePin() {
  setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'pin' });
  return renderPage(<ChangePinPage />, { history: ['/settings', '/settings/change-pin'] });
}

/** The PIN entry focuses its field on every step, so typing goes where a member would type. */
async function typePin(pin: string) {
  await waitFor(() => expect(document.activeElement).toBeInstanceOf(HTMLInputElement));
  await userEvent.keyboard(pin);
}

function pinField(): HTMLInputElement {
  const field = document.querySelector<HTMLInputElement>('input[type="password"]');
  if (!field) throw new Error('no PIN field on screen');
  return field;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChangePinPage', () => {
  it('asks for the current PIN, then the new PIN twice, and sends both', async () => {
    const calls = stubPinChange();
    renderChangePin();
    expect(pinField()).toHaveAttribute('autocomplete', 'current-password');

    await typePin('111111');
    await waitFor(() => expect(pinField()).toHaveAttribute('autocomplete', 'one-time-code'));
    expect(calls()).toEqual([]);
    await typePin('222222');
    await typePin('222222');

    await screen.findByRole('dialog', { name: 'PIN changed' });
    expect(calls()).toEqual([{ method: 'PATCH', body: { pin: '111111', newPin: '222222' } }]);
  });

  it('shows that the PIN has been changed and returns to settings on OK', async () => {
    stubPinChange();
    renderChangePin();
    await typePin('111111');
    await typePin('222222');
    await typePin('222222');

    const notice = await screen.findByRole('dialog', { name: 'PIN changed' });
    expect(notice).toHaveTextContent('Your PIN has been changed');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings$/);
  });

  it('reopens the current-PIN step marked invalid when the server refuses the current PIN', async () => {
    const calls = stubPinChange(wrongPin);
    renderChangePin();
    await typePin('999999');
    await typePin('222222');
    await typePin('222222');

    await waitFor(() => expect(pinField()).toHaveAttribute('aria-invalid', 'true'));
    expect(pinField()).toHaveAttribute('autocomplete', 'current-password');
    expect(pinField()).toHaveValue('');
    // The attempts left show once the API client passes attemptsRemaining on (see pin-refusal.test.ts).
    expect(screen.getByRole('alert')).toHaveTextContent(/^Wrong PIN\. (Please try again|You have 2 attempts left)\.$/);

    await typePin('111111');
    await typePin('333333');
    await typePin('333333');
    await screen.findByRole('dialog', { name: 'PIN changed' });
    expect(calls().map((call) => call.body)).toEqual([
      { pin: '999999', newPin: '222222' },
      { pin: '111111', newPin: '333333' },
    ]);
  });

  it('goes to the device-locked page when the PIN is locked', async () => {
    vi.useFakeTimers({ now: Date.parse('2025-03-01T10:00:00.000Z'), toFake: ['Date'] });
    stubPinChange(locked);
    renderChangePin();
    await typePin('999999');
    await typePin('222222');
    await typePin('222222');

    // The until query joins once the API client passes lockedUntil on (see pin-refusal.test.ts).
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/device-locked(\?until=2025-03-01T11%3A00%3A00\.000Z)?$/),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
