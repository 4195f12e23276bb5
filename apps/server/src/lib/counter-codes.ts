import { randomInt } from 'node:crypto';

/*
 * The codes a cashier reads or a till scans: of vouchers and of gift cards. 13 symbols from 31 that
 * a cashier cannot confuse (no 0/O, 1/I/L) carry 13 × log2(31) ≈ 64.4 bits, drawn with
 * crypto.randomInt.
 */

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const COUNTER_CODE_LENGTH = 13;

export function newCounterCode(): string {
  return Array.from({ length: COUNTER_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** A code as a cashier may type or a scanner read it: case, spaces and dashes do not matter. */
export function normaliseCounterCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}
