import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { visitApp, visitSignedIn } from '../../../test/app-routes.test-support.tsx';
import { shopCard } from '../../../test/shop.test-support.ts';
import { testSite } from '../../../test/site.test-support.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('scan routes', () => {
  it('opens the scanner for a signed-in member, from a card or not', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    const { at } = visitSignedIn('/qrcode-scanner?cardId=card00000000000000000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan a QR code' })).toBeInTheDocument();
    expect(at()).toBe('/qrcode-scanner?cardId=card00000000000000000001');
  });

  it('sends a signed-out visitor from the scanner to /', async () => {
    const { at } = visitApp(testSite(), '/qrcode-scanner?code=EARN-7Q2');
    await waitFor(() => expect(at()).toBe('/'));
  });

  it.each([false, true])('opens a card’s scan-to-earn page, or the feature-locked page while scanning to earn is locked (locked: %s)', async (locked) => {
    const card = shopCard();
    stubApi({
      [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card),
      'GET /api/users/feature-eligibilities': () => okAnswer({ data: [{ feature: 'scan-to-earn', isLocked: locked, unlock: locked ? { kind: 'closed' } : null }] }),
    });
    const { at } = visitSignedIn(`/cards/${card.id}/scan-to-earn`);
    if (locked) return void (await waitFor(() => expect(at()).toBe('/feature-locked?feature=scan-to-earn')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan to earn' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Have a code?' })).toBeInTheDocument();
  });
});
