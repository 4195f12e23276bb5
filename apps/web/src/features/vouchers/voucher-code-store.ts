import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { storageKeys } from '../../config/storage-keys.ts';
import { createLocalStore } from '../../lib/local-store.ts';

/*
 * Codes of vouchers whose template keeps only the code's hash (`codeKept: 'device'`): the server
 * answers such a code once, the first time the voucher is read after it is made, so this phone keeps
 * it. One storage key holds them all, by merchant host and voucher id. Signing out keeps them: the
 * server will not answer a code again, and only the voucher's holder can open its page to see it.
 */

const store = createLocalStore<Readonly<Record<string, string>>>({
  key: storageKeys.voucherCodes,
  schema: z.record(z.string(), z.string()),
  empty: {},
  isEmpty: (codes) => Object.keys(codes).length === 0,
});

/** The entry's name: the host picks the merchant (docs/decisions/005-tenancy-by-host.md). */
function entryOf(voucherId: string): string {
  return `${window.location.host}/${voucherId}`;
}

/** Keeps the code the server answered for a voucher it will not answer again. */
export function keepVoucherCode(voucherId: string, code: string): void {
  const codes = store.read();
  if (codes[entryOf(voucherId)] === code) return;
  store.write({ ...codes, [entryOf(voucherId)]: code });
}

/** Drops a kept code that can no longer be used (the voucher is used or expired). */
export function forgetVoucherCode(voucherId: string): void {
  const { [entryOf(voucherId)]: forgotten, ...others } = store.read();
  if (forgotten !== undefined) store.write(others);
}

/** The code this phone keeps for the voucher, or null. */
export function keptVoucherCode(voucherId: string): string | null {
  return store.read()[entryOf(voucherId)] ?? null;
}

/** The voucher's code kept on this phone, kept current across the app and across tabs. */
export function useKeptVoucherCode(voucherId: string): string | null {
  return useSyncExternalStore(store.subscribe, () => keptVoucherCode(voucherId), () => null);
}
