import { timingSafeEqual } from 'node:crypto';
import { hashTypedCode } from '../../lib/secret-keys.ts';

// Activation codes are short, so a slow hash would not stop a brute force of a stolen table:
// a keyed HMAC does, as long as the key stays outside the database.
export const hashActivationCode = hashTypedCode;

/** Compares in constant time; codes are matched case-insensitively, as printed codes are read aloud. */
export function activationCodeMatches(code: string, storedHash: string, key: string): boolean {
  const given = Buffer.from(hashActivationCode(code, key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
