import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { QrLockPage } from './qr-lock-page.tsx';
import { renderPage } from '../../../test/render.test-support.tsx';
import { testSite } from '../../../test/site.test-support.ts';

const now = new Date('2025-03-01T10:00:00Z').getTime();

describe('QrLockPage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down to the unlock time and then says scanning is available again', () => {
    renderPage(<QrLockPage />, { history: [`/qr-locked?lockedUntil=${now + 65_000}&cardId=c-1`] });
    expect(screen.getByRole('timer')).toHaveTextContent('00:01:05');
    expect(screen.queryByText('Scanning is available again.')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:01:00');

    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    expect(screen.getByRole('status')).toHaveTextContent('Scanning is available again.');
  });

  it('reads the unlock time as an ISO date', () => {
    const lockedUntil = new Date(now + 3_600_000).toISOString();
    renderPage(<QrLockPage />, { history: [`/qr-locked?lockedUntil=${encodeURIComponent(lockedUntil)}`] });
    expect(screen.getByRole('timer')).toHaveTextContent('01:00:00');
  });

  it('tells screen readers the minutes left, not every second', () => {
    renderPage(<QrLockPage />, { history: [`/qr-locked?lockedUntil=${now + 150_000}`] });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Scanning unlocks in about 3 minutes.');
    act(() => vi.advanceTimersByTime(20_000));
    expect(status).toHaveTextContent('Scanning unlocks in about 3 minutes.');
    act(() => vi.advanceTimersByTime(10_000));
    expect(status).toHaveTextContent('Scanning unlocks in about 2 minutes.');
  });

  it('closes back to the card that was scanning', () => {
    renderPage(<QrLockPage />, { history: [`/qr-locked?lockedUntil=${now + 65_000}&cardId=c-1`] });
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/cards/c-1');
  });

  it('closes back to the cards when no card is known', () => {
    renderPage(<QrLockPage />, { history: [`/qr-locked?lockedUntil=${now + 65_000}`] });
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/cards');
  });

  it('opens a chat with a prefilled message about the lock', () => {
    renderPage(<QrLockPage />, { history: [`/qr-locked?lockedUntil=${now + 65_000}`] });
    const contact = screen.getByRole('link', { name: /Contact us/ });
    const url = new URL(contact.getAttribute('href') ?? '');
    expect(url.origin + url.pathname).toBe('https://wa.me/6281234500077');
    expect(url.searchParams.get('text')).toBe('Hello Kopi Senja, scanning on my card is locked. Could you help me?');
    expect(contact).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('writes a mail to a merchant that has a support address only', () => {
    const site = testSite({ merchant: { support: { phone: null, email: 'care@lumina.test' } } });
    renderPage(<QrLockPage />, { site, history: [`/qr-locked?lockedUntil=${now + 65_000}`] });
    const contact = screen.getByRole('link', { name: 'Contact us' });
    const url = new URL(contact.getAttribute('href') ?? '');
    expect(url.protocol + url.pathname).toBe('mailto:care@lumina.test');
    expect(url.searchParams.get('body')).toBe('Hello Kopi Senja, scanning on my card is locked. Could you help me?');
    expect(contact).not.toHaveAttribute('target');
  });

  it('offers no contact when the merchant has none, and makes Close the main action', () => {
    const site = testSite({ merchant: { support: { phone: null, email: null } } });
    renderPage(<QrLockPage />, { site, history: [`/qr-locked?lockedUntil=${now + 65_000}`] });
    expect(screen.queryByRole('link', { name: /Contact us/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Close' })).toHaveClass('btn-primary');
  });
});
