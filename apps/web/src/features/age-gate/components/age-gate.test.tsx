import { afterAll, afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteState } from '@kartu/contracts';
import { SiteProvider } from '../../../lib/site.tsx';
import { AGE_CONFIRMATION_STORAGE_KEY, readNextConfirmTime } from '../age-confirmation.ts';
import * as leaving from '../leave-site.ts';
import { AgeGate } from './age-gate.tsx';
import { testSite } from '../../../test/site.test-support.ts';

const leaveSite = vi.spyOn(leaving, 'leaveSite').mockImplementation(() => undefined);

const now = Date.parse('2025-03-01T10:00:00Z');
const oneHour = 60 * 60 * 1000;

function ageGatedSite(countryCode = 'ID'): SiteState {
  return testSite({ merchant: { countryCode, flags: { ...testSite().merchant.flags, ageGate: true } } });
}

function renderGate(site: SiteState) {
  return render(
    <SiteProvider site={site}>
      <button type="button">Behind the gate</button>
      <AgeGate />
    </SiteProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  leaveSite.mockClear();
});
afterAll(() => leaveSite.mockRestore());

describe('AgeGate', () => {
  it('asks whether the visitor is 18 or older for an Indonesian merchant', () => {
    renderGate(ageGatedSite('ID'));
    const dialog = screen.getByRole('dialog', { name: 'Are you 18 or older?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Yes, I am 18 or older' })).toHaveFocus();
  });

  it('asks whether the visitor is 21 or older for a Philippine merchant', () => {
    renderGate(ageGatedSite('PH'));
    expect(screen.getByRole('dialog', { name: 'Are you 21 or older?' })).toBeInTheDocument();
  });

  it('stays away for merchants without the age gate', () => {
    renderGate(testSite());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays away while an earlier confirmation is still valid, and comes back once it has run out', () => {
    localStorage.setItem(AGE_CONFIRMATION_STORAGE_KEY, JSON.stringify({ confirmedAt: now - 1000, nextConfirmAt: now + 1000 }));
    const { unmount } = renderGate(ageGatedSite());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    localStorage.setItem(AGE_CONFIRMATION_STORAGE_KEY, JSON.stringify({ confirmedAt: now - oneHour, nextConfirmAt: now - 1 }));
    renderGate(ageGatedSite());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('stores the next confirmation one hour from now and hides on confirm', async () => {
    renderGate(ageGatedSite());
    await userEvent.click(screen.getByRole('button', { name: 'Yes, I am 18 or older' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readNextConfirmTime()).toBe(now + oneHour);
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('sends the visitor to a search site on cancel, storing nothing', async () => {
    renderGate(ageGatedSite());
    await userEvent.click(screen.getByRole('button', { name: 'No, leave this site' }));

    expect(leaveSite).toHaveBeenCalledWith('https://www.google.com/');
    expect(readNextConfirmTime()).toBeNull();
  });

  it('cannot be dismissed with Escape and keeps focus inside', async () => {
    renderGate(ageGatedSite());
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'No, leave this site' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Yes, I am 18 or older' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Behind the gate' })).not.toHaveFocus();
  });
});
