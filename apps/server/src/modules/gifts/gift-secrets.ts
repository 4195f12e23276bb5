import { createHmac, randomBytes } from 'node:crypto';
import { generateCode, sameHash } from '../auth/auth.crypto.ts';
import { openText, sealText } from '../../lib/sealed-text.ts';
import { derivedKey, subKey } from '../../lib/secret-keys.ts';

/*
 * A gift's two secrets: the link's token (256 random bits, base64url), which the sender shares, and
 * the 6-digit PIN, which only the friend's phone receives. Both are kept as HMACs under a key derived
 * from CODE_SECRET for this one purpose, so a leaked table gives neither; the token is also kept
 * sealed (AES-256-GCM) for the sender to share the link again while the gift is pending.
 */

export interface GiftKeys {
  /** Keys the HMACs of tokens and PINs. */
  hashKey: Buffer;
  /** Seals the token for the sender. */
  sealKey: Buffer;
}

export function giftKeysFor(codeSecret: string | undefined): GiftKeys {
  const root = derivedKey(codeSecret, 'voucher gifts');
  return { hashKey: subKey(root, 'hashes'), sealKey: subKey(root, 'sealed links') };
}

export function newGiftToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A token as links carry it: base64url of 32 bytes. Anything else finds no gift without a query. */
export function isGiftToken(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text);
}

export const newGiftPin = generateCode;

export function hashGiftToken(token: string, keys: GiftKeys): string {
  return createHmac('sha256', keys.hashKey).update(`link\n${token}`).digest('base64url');
}

/** The gift's id is mixed in, so one PIN hash says nothing of another gift's. */
export function hashGiftPin({ giftId, pin }: { giftId: string; pin: string }, keys: GiftKeys): string {
  return createHmac('sha256', keys.hashKey).update(`pin\n${giftId}\n${pin}`).digest('base64url');
}

/** Compares in constant time. */
export function giftPinMatches({ giftId, pin, pinHash }: { giftId: string; pin: string; pinHash: string }, keys: GiftKeys): boolean {
  return sameHash(pinHash, hashGiftPin({ giftId, pin }, keys));
}

export function sealGiftToken(token: string, keys: GiftKeys): string {
  return sealText(token, keys.sealKey);
}

/** The token, or null when it was sealed under another key (CODE_SECRET changed). */
export function openGiftToken(sealed: string, keys: GiftKeys): string | null {
  return openText(sealed, keys.sealKey);
}
