import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { updateSignInFlow } from '../sign-in-flow.ts';
import { LockPage } from './lock-page.tsx';
import { okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { testSite } from '../../../test/site.test-support.ts';

const browserNow = new Date('2030-01-01T12:00:00.000Z').getTime();

beforeEach(() => {
  // Only the clock and the ticking are faked, so the query cache still settles on its own.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(browserNow);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LockPage', () => {
  it('counts down to the unlock time of the link, then offers the way back', () => {
    renderPage(<LockPage variant="login" />, { history: [`/lock?until=${new Date(browserNow + 5000).toISOString()}`] });
    expect(screen.getByRole('heading', { name: 'Account locked' })).toBeInTheDocument();
    expect(screen.getByText(/locked for 1 hour/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:05');
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Contact us/ })).toHaveAttribute('href', expect.stringContaining('https://wa.me/6281234500077?text='));

    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    expect(screen.getByRole('status')).toHaveTextContent('Your account is unlocked');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/');
  });

  it('asks the server when the link has no unlock time, and counts lockedUntil minus its currentTime', async () => {
    updateSignInFlow({ identifier: { identifierType: 'phone', identifierValue: '081234567890', countryCode: '62' } });
    // The server's clock is 3 hours behind: only the 65 seconds between its two times count.
    const server = stubApi({
      'POST /api/auth/is-locked': [
        () => okAnswer({ isLocked: true, lockedUntil: '2030-01-01T09:01:05.000Z', currentTime: '2030-01-01T09:00:00.000Z' }),
      ],
    });
    renderPage(<LockPage variant="device" />, { history: ['/device-locked'] });
    expect(await screen.findByRole('timer')).toHaveTextContent('00:01:05');
    expect(screen.getByText(/PIN is locked for 60 minutes/)).toBeInTheDocument();
    expect(server.bodiesOf('/api/auth/is-locked')).toEqual([{ identifierType: 'phone', identifierValue: '081234567890', countryCode: '62' }]);

    act(() => vi.advanceTimersByTime(65_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it('reads the 24-hour lock with its own text', () => {
    renderPage(<LockPage variant="login-24h" />, { history: [`/lock-24h?until=${browserNow + 86_400_000}`] });
    expect(screen.getByText(/locked for 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('24:00:00');
  });
});

describe('LockPage of a merchant without a support contact', () => {
  it('neither offers a contact button nor speaks of contacting anyone', () => {
    const site = testSite({ merchant: { support: { phone: null, email: null } } });
    renderPage(<LockPage variant="login" />, { site, history: [`/lock?until=${browserNow + 5000}`] });
    expect(screen.getByText('Your account is locked for 1 hour because of too many failed sign-in attempts. Please wait until the time below ends.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Contact us/ })).not.toBeInTheDocument();
  });
});

describe('LockPage after wrong card numbers', () => {
  it('speaks of adding cards, not of signing in, and leads back to the wallet at once', () => {
    const server = stubApi({});
    renderPage(<LockPage variant="login-24h" />, { history: [`/lock-24h?reason=add-card&until=${browserNow + 86_400_000}`] });
    expect(screen.getByRole('heading', { name: 'Adding cards is locked' })).toBeInTheDocument();
    expect(screen.getByText(/card number or activation code was entered 3 times/)).toBeInTheDocument();
    expect(screen.queryByText(/sign-in/)).not.toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('24:00:00');
    expect(screen.getByRole('link', { name: 'Back to my cards' })).toHaveAttribute('href', '/cards');
    const contact = new URL(screen.getByRole('link', { name: /Contact us/ }).getAttribute('href') ?? '');
    expect(contact.searchParams.get('text')).toBe('Hello Kopi Senja, adding a card to my account is locked. Could you help me?');
    expect(server.bodiesOf('/api/auth/is-locked')).toEqual([]);

    act(() => vi.advanceTimersByTime(86_400_000));
    expect(screen.getByRole('status')).toHaveTextContent('You can add cards again.');
  });
});

describe('LockPage without a known unlock time', () => {
  it('does not claim the account is unlocked, but leaves the way back open', () => {
    renderPage(<LockPage variant="login" />, { history: ['/lock'] });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });
});
