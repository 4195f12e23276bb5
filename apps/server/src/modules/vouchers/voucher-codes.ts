import { createHmac } from 'node:crypto';
import { normaliseCounterCode } from '../../lib/counter-codes.ts';
import { openText, sealText } from '../../lib/sealed-text.ts';
import { derivedKey, subKey } from '../../lib/secret-keys.ts';

/*
 * Vouchers' codes (lib/counter-codes.ts) kept as their template says: a template may keep no code
 * at all: then only its keyed hash is stored, and the code itself waits sealed until the member's
 * phone first shows it (docs/decisions/025-vouchers.md).
 */

export interface VoucherCodeKeys {
  /** Keys the hashes a till's scan is looked up by. */
  hashKey: Buffer;
  /** Seals a code until the member's phone shows it. */
  sealKey: Buffer;
}

export function voucherCodeKeysFor(codeSecret: string | undefined): VoucherCodeKeys {
  const root = derivedKey(codeSecret, 'voucher codes');
  return { hashKey: subKey(root, 'hashes'), sealKey: subKey(root, 'sealed codes') };
}

export function hashVoucherCode(code: string, keys: VoucherCodeKeys): string {
  return createHmac('sha256', keys.hashKey).update(normaliseCounterCode(code)).digest('base64url');
}

export function sealVoucherCode(code: string, keys: VoucherCodeKeys): string {
  return sealText(code, keys.sealKey);
}

/** The code, or null when it was sealed under another key (CODE_SECRET changed). */
export function openVoucherCode(sealed: string, keys: VoucherCodeKeys): string | null {
  return openText(sealed, keys.sealKey);
}
