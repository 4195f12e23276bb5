import { z } from 'zod';
import { storageKeys } from '../../config/storage-keys.ts';
import { createLocalStore } from '../../lib/local-store.ts';

/*
 * spec: app-core §4 In-app banners: a counter per card advances on each visit of the card's page,
 * so the member sees the merchant's in-app banners in turn. Kept on the device; signing out wipes it.
 */

const store = createLocalStore<Readonly<Record<string, number>>>({
  key: storageKeys.inAppBanners,
  schema: z.record(z.string(), z.number().int().min(0)),
  empty: {},
  isEmpty: (counters) => Object.keys(counters).length === 0,
});

/** The index of the banner this visit shows among `count`, advancing the card's counter for the next visit. */
export function takeInAppBannerTurn(cardId: string, count: number): number {
  const counters = store.read();
  const turn = counters[cardId] ?? 0;
  store.write({ ...counters, [cardId]: turn + 1 });
  return turn % count;
}
