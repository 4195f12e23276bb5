import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@kartu/core';

/** A 6-digit code from the cryptographic generator, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH).toString().padStart(OTP_LENGTH, '0');
}

/**
 * A 6-digit code has a million values, so any unkeyed hash (scrypt included) is brute-forced
 * offline in seconds from a leaked table; a keyed HMAC with a secret kept outside the database is
 * not. Identifier and purpose are mixed in so a hash cannot be replayed for another person.
 */
export function hashCode({ secret, code, identifier, purpose }: { secret: string; code: string; identifier: string; purpose: string }): string {
  return createHmac('sha256', secret).update(`${purpose}\n${identifier}\n${code}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function sha256(value: string): string {
  // The one-shot form: every signed-in request hashes its token, and this skips a Hash object.
  return hash('sha256', value, 'base64url');
}

/** 32 random bytes: the bearer token and cookie value of a session. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Public id of a user for URLs and support: random, not derived from the row id. */
export function generateMaskedId(): string {
  return randomBytes(9).toString('base64url');
}
