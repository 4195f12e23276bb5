import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { insertSsoKey, upsertSsoKey } from './sso.repository.ts';

// A merchant's keys for single sign-on tokens (docs/sso.md): made by operators, read by sso.service.ts.

/** A new shared secret: shown to the operator once, then only ever read to verify signatures. */
export async function createSsoKey({ db, merchantId, kid }: { db: Database; merchantId: number; kid?: string }): Promise<{ kid: string; secret: string }> {
  const key = await insertSsoKey(db, {
    merchantId,
    kid: kid ?? randomBytes(6).toString('hex'),
    // 256 random bits, as strong as HMAC-SHA256 itself; base64url so it pastes into any configuration.
    secret: randomBytes(32).toString('base64url'),
  });
  return { kid: key.kid, secret: key.secret };
}

/**
 * Installs a key with a secret chosen by the caller, e.g. the demo seed's well-known one; running
 * it again changes nothing. Production keys come from `createSsoKey`.
 */
export async function installSsoKey({ db, merchantId, kid, secret }: { db: Database; merchantId: number; kid: string; secret: string }): Promise<void> {
  if (secret.length < 32) throw new Error('An SSO secret needs at least 32 characters');
  await upsertSsoKey(db, { merchantId, kid, secret });
}
