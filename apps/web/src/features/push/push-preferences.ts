import { z } from 'zod';
import { DAY_MS } from '@kartu/core/calendar';
import { storageKeys } from '../../config/storage-keys.ts';
import { createLocalStore } from '../../lib/local-store.ts';

/**
 * This browser's push choices, kept across sign-outs since they are the browser's: when to ask
 * again after "Not now", and push turned off here in Settings (the app then never subscribes it by itself).
 */
const preferencesSchema = z.object({ askAgainAt: z.number().optional(), turnedOff: z.boolean().optional() });
export type PushPreferences = z.infer<typeof preferencesSchema>;

export const pushPreferences = createLocalStore<PushPreferences>({
  key: storageKeys.push,
  schema: preferencesSchema,
  empty: {},
  isEmpty: (value) => value.askAgainAt === undefined && !value.turnedOff,
});

/** A member who says "Not now" is not asked again for this long. */
export const ASK_AGAIN_AFTER_MS = 30 * DAY_MS;

export function askLater(now: number): void {
  pushPreferences.write({ ...pushPreferences.read(), askAgainAt: now + ASK_AGAIN_AFTER_MS });
}

export function mayAsk(now: number): boolean {
  const { askAgainAt, turnedOff } = pushPreferences.read();
  return !turnedOff && (askAgainAt === undefined || now >= askAgainAt);
}

export function setTurnedOff(turnedOff: boolean): void {
  const { askAgainAt } = pushPreferences.read();
  pushPreferences.write({ ...(askAgainAt === undefined ? {} : { askAgainAt }), ...(turnedOff ? { turnedOff } : {}) });
}
