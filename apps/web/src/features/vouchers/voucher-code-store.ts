import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { storageKeys } from '../../config/storage-keys.ts';

/*
 * Codes of vouchers whose template keeps only the code's hash (`codeKept: 'device'`): the server
 * answers such a code once, the first time the voucher is read after it is made, so this phone keeps
 * it. One storage key holds them all, by merchant host and voucher id. Signing out keeps them: the
 * server will not answer a code again, and only the voucher's holder can open its page to see it.
 */

const storedCodesSchema = z.record(z.string(), z.string());
type StoredCodes = Readonly<Record<string, string>>;

const listeners = new Set<() => void>();
// The codes last parsed and the text they came from, so an unchanged store is read once.
let parsed: { text: string | null; codes: StoredCodes } = { text: null, codes: {} };

/** The entry's name: the host picks the merchant (docs/decisions/005-tenancy-by-host.md). */
function entryOf(voucherId: string): string {
  return `${window.location.host}/${voucherId}`;
}

function readText(): string | null {
  try {
    return localStorage.getItem(storageKeys.voucherCodes);
  } catch {
    return null;
  }
}

function storedCodes(): StoredCodes {
  const text = readText();
  if (parsed.text === text) return parsed.codes;
  let codes: StoredCodes = {};
  try {
    const stored = text ? storedCodesSchema.safeParse(JSON.parse(text)) : null;
    if (stored?.success) codes = stored.data;
  } catch {
    // Unreadable: as if nothing were kept.
  }
  parsed = { text, codes };
  return codes;
}

function write(codes: StoredCodes): void {
  try {
    if (Object.keys(codes).length === 0) localStorage.removeItem(storageKeys.voucherCodes);
    else localStorage.setItem(storageKeys.voucherCodes, JSON.stringify(codes));
  } catch {
    // Private mode or full storage: the code shows while the page holds the answer, and is lost after.
  }
  for (const listener of listeners) listener();
}

/** Keeps the code the server answered for a voucher it will not answer again. */
export function keepVoucherCode(voucherId: string, code: string): void {
  const codes = storedCodes();
  if (codes[entryOf(voucherId)] === code) return;
  write({ ...codes, [entryOf(voucherId)]: code });
}

/** Drops a kept code that can no longer be used (the voucher is used or expired). */
export function forgetVoucherCode(voucherId: string): void {
  const { [entryOf(voucherId)]: forgotten, ...others } = storedCodes();
  if (forgotten !== undefined) write(others);
}

/** The code this phone keeps for the voucher, or null. */
export function keptVoucherCode(voucherId: string): string | null {
  return storedCodes()[entryOf(voucherId)] ?? null;
}

/** Another tab's change reaches every reader too. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.voucherCodes) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The voucher's code kept on this phone, kept current across the app and across tabs. */
export function useKeptVoucherCode(voucherId: string): string | null {
  return useSyncExternalStore(subscribe, () => keptVoucherCode(voucherId), () => null);
}
