import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderPage } from '../../../components/ui/test-utils.tsx';
import { setSession } from '../../../lib/session.ts';
import { ChangePinPage } from './change-pin-page.tsx';

type PinChangeCall = { method: string; body: unknown };

/** PATCH /api/pin/change answering one response per call, in order. */
function stubPinChange(...answers: Array<() => Response>) {
  const calls: PinChangeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/pin/change') return new Response(null, { status: 404 });
      calls.push({ method: init.method ?? 'GET', body: JSON.parse(String(init.body)) });
      const answer = answers[calls.length - 1] ?? (() => new Response(null, { status: 204 }));
      return answer();
    }),
  );
  return calls;
}

const wrongPin = () =>
  Response.json(
    { statusCode: 400, code: 'PIN_INVALID', message: 'Your PIN is not valid, please try again', attemptsRemaining: 2 },
    { status: 400 },
  );
const locked = () =>
  Response.json(
    {
      statusCode: 429,
      code: 'PIN_LOCKED',
      message: 'Your PIN is locked for 60 minutes because of too many wrong attempts',
      lockedUntil: '2025-03-01T11:00:00.000Z',
      currentTime: '2025-03-01T10:00:00.000Z',
    },
    { status: 429 },
  );

function renderChangePin() {
  setSession({ user: { id: 'u-7', name: 'Sari' }, loginType: 'pin' });
  return renderPage(
    <QueryClientProvider client={new QueryClient()}>
      <ChangePinPage />
    </QueryClientProvider>,
    { history: ['/settings', '/settings/change-pin'] },
  );
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
    expect(calls).toEqual([]);
    await typePin('222222');
    await typePin('222222');

    await screen.findByRole('dialog', { name: 'PIN changed' });
    expect(calls).toEqual([{ method: 'PATCH', body: { pin: '111111', newPin: '222222' } }]);
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
    // The attempts left show once the API client passes attemptsRemaining on (see pin-change-error.test.ts).
    expect(screen.getByRole('alert')).toHaveTextContent(/^Wrong PIN\. (Please try again|You have 2 attempts left)\.$/);

    await typePin('111111');
    await typePin('333333');
    await typePin('333333');
    await screen.findByRole('dialog', { name: 'PIN changed' });
    expect(calls.map((call) => call.body)).toEqual([
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

    // The until query joins once the API client passes lockedUntil on (see pin-change-error.test.ts).
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/device-locked(\?until=2025-03-01T11%3A00%3A00\.000Z)?$/),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
