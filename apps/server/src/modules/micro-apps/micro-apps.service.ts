import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { openText, sealText, type SealKey } from '../../lib/sealed-text.ts';
import { derivedKey } from '../../lib/secret-keys.ts';
import { findMicroApp, upsertMicroApp } from './micro-apps.repository.ts';

/** How long a member token stays good: long enough to open the app, short enough to be worthless once leaked. */
export const microAppTokenSeconds = 5 * 60;
const appNamePattern = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** The key the micro apps' own keys are sealed under (lib/secret-keys.ts). */
export function microAppSealKeyFor(codeSecret: string | undefined): SealKey {
  return derivedKey(codeSecret, 'micro app keys');
}

/** What a micro app learns of the member from its token. */
export interface MicroAppClaims {
  /** The member's id at the merchant. */
  sub: string;
  /** The merchant's mid. */
  merchant: string;
  name: string | null;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
}

/**
 * Registers a micro app of the merchant, or gives it a new key (the old one stops working): answers
 * the key, base64url of 32 bytes, which the operator hands to the app's makers. It is shown once.
 */
export async function registerMicroApp({ db, merchantId, app, name, sealKey, now }: { db: Database; merchantId: number; app: string; name: string; sealKey: SealKey; now: Date }): Promise<{ key: string }> {
  if (!appNamePattern.test(app)) throw new AppError('VALIDATION_FAILED', { message: 'A micro app is named by 2 to 40 lower-case letters, digits and hyphens' });
  const key = randomBytes(32);
  await upsertMicroApp(db, { merchantId, app, name: name.trim() || app, sealedKey: sealText(key.toString('base64url'), sealKey), createdAt: now });
  return { key: key.toString('base64url') };
}

/**
 * A token for the micro app naming the signed-in member (spec: app-core §7 api/integrations/micro-app):
 * their claims encrypted with AES-256-GCM under the app's own key (`iv.tag.ciphertext`, each
 * base64url), so only that app reads it, and no one can forge or alter one. An app the merchant does
 * not have is MICRO_APP_NOT_FOUND; the app shows an empty token then, as the spec says.
 */
export async function issueMicroAppToken(options: {
  db: Database;
  merchant: { id: number; mid: string };
  member: { id: string; name: string | null };
  app: string;
  sealKey: SealKey;
  now: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const { db, merchant, member, app, sealKey, now } = options;
  const row = appNamePattern.test(app) ? await findMicroApp(db, { merchantId: merchant.id, app }) : undefined;
  const key = row ? openText(row.sealedKey, sealKey) : null;
  // A key sealed under another server secret cannot be opened: the app must be given a new key.
  if (!key) throw new AppError('MICRO_APP_NOT_FOUND');
  const iat = Math.floor(now.getTime() / 1000);
  const claims: MicroAppClaims = { sub: member.id, merchant: merchant.mid, name: member.name, iat, exp: iat + microAppTokenSeconds };
  return { token: sealText(JSON.stringify(claims), Buffer.from(key, 'base64url')), expiresAt: new Date(claims.exp * 1000) };
}
