import { createHmac, randomInt } from 'node:crypto';
import { openText, sealText } from '../../lib/sealed-text.ts';
import { derivedKey, subKey } from '../../lib/secret-keys.ts';

/*
 * The codes of vouchers and gift cards: what a cashier reads or a till scans. 13 symbols from 31
 * that a cashier cannot confuse (no 0/O, 1/I/L) carry 13 × log2(31) ≈ 64.4 bits, drawn with
 * crypto.randomInt. A template may keep no code at all: then only its keyed hash is stored, and the
 * code itself waits sealed until the member's phone first shows it (docs/decisions/025-vouchers.md).
 */

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VOUCHER_CODE_LENGTH = 13;

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

export function newVoucherCode(): string {
  return Array.from({ length: VOUCHER_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** A code as a cashier may type or a scanner read it: case, spaces and dashes do not matter. */
export function normaliseVoucherCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

export function hashVoucherCode(code: string, keys: VoucherCodeKeys): string {
  return createHmac('sha256', keys.hashKey).update(normaliseVoucherCode(code)).digest('base64url');
}

export function sealVoucherCode(code: string, keys: VoucherCodeKeys): string {
  return sealText(code, keys.sealKey);
}

/** The code, or null when it was sealed under another key (CODE_SECRET changed). */
export function openVoucherCode(sealed: string, keys: VoucherCodeKeys): string | null {
  return openText(sealed, keys.sealKey);
}
