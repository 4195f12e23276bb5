import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNotBeingDeleted, findMember } from '../auth/users.service.ts';
import { generateMaskedId } from '../auth/auth.crypto.ts';
import { openSession, type OpenedSession } from '../auth/session.service.ts';
import type { UserRow } from '../auth/users.table.ts';
import { deleteExpiredSsoTokenUses, findActiveSsoKey, findUserBySsoSubject, insertSsoUser, linkUserToSsoSubject, recordSsoTokenUse } from './sso.repository.ts';
import { checkSsoToken, readSsoToken, SsoTokenError, type SsoClaims } from './sso.token.ts';

export interface SsoMerchant {
  id: number;
  mid: string;
  countryCode: string;
}

/** Checks the token completely, the used-token record included; throws SsoTokenError. */
async function acceptToken({ db, merchant, token, now }: { db: Database; merchant: SsoMerchant; token: string; now: Date }): Promise<SsoClaims> {
  const key = await findActiveSsoKey(db, merchant.id, readSsoToken(token).kid);
  if (!key) throw new SsoTokenError('unknown-key');
  const { claims, forgetAfter } = await checkSsoToken(token, { secret: key.secret, issuer: merchant.mid, now });
  const firstUse = await recordSsoTokenUse(db, { merchantId: merchant.id, jti: claims.jti, expiresAt: forgetAfter });
  if (!firstUse) throw new SsoTokenError('replayed');
  return claims;
}

/** Links an existing account by the phone or e-mail the merchant vouches for, else undefined. */
async function linkByContact(db: Database, merchant: SsoMerchant, claims: SsoClaims, now: Date): Promise<UserRow | undefined> {
  const contacts = [
    claims.phone && ({ type: 'phone', value: claims.phone } as const),
    claims.email && ({ type: 'email', value: claims.email.toLowerCase() } as const),
  ].filter((contact) => !!contact);
  for (const contact of contacts) {
    const user = await findMember({ db, merchantId: merchant.id, identifier: contact });
    if (!user) continue;
    const linked = await linkUserToSsoSubject(db, user, claims.sub, now);
    // An account already tied to another subject is not taken over.
    if (!linked) throw new SsoTokenError('identity-conflict');
    return linked;
  }
  return undefined;
}

/** The member the token names: by subject, else by phone or e-mail (then linked), else a new one. */
async function resolveMember(db: Database, merchant: SsoMerchant, claims: SsoClaims, now: Date): Promise<{ user: UserRow; isNewUser: boolean }> {
  // Two attempts: a concurrent sign-in of the same member may create the row between find and insert.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const bySubject = await findUserBySsoSubject(db, merchant.id, claims.sub);
    if (bySubject) return { user: bySubject, isNewUser: false };
    const linked = await linkByContact(db, merchant, claims, now);
    if (linked) return { user: linked, isNewUser: false };
    const created = await insertSsoUser(db, {
      merchantId: merchant.id,
      maskedId: generateMaskedId(),
      ssoSubject: claims.sub,
      phone: claims.phone ?? null,
      email: claims.email?.toLowerCase() ?? null,
      name: claims.name ?? null,
      country: merchant.countryCode,
      now,
    });
    if (created) return { user: created, isNewUser: true };
  }
  throw new SsoTokenError('identity-conflict');
}

/**
 * Signs a member in with a token from the merchant's server (format: docs/sso.md). The session is
 * active at once: the merchant has already authenticated its member, so no PIN is asked.
 */
export async function signInWithSso({
  db,
  merchant,
  token,
  deviceHash,
  now,
  log,
}: {
  db: Database;
  merchant: SsoMerchant;
  token: string;
  deviceHash: string | null;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<{ user: UserRow; isNewUser: boolean; opened: OpenedSession }> {
  let member: { user: UserRow; isNewUser: boolean };
  try {
    const claims = await acceptToken({ db, merchant, token, now });
    member = await resolveMember(db, merchant, claims, now);
  } catch (error) {
    if (!(error instanceof SsoTokenError)) throw error;
    // The reason helps a merchant debug its signing; the token itself is a credential and stays out.
    log.debug({ merchantId: merchant.id, reason: error.reason }, 'single sign-on token refused');
    throw new AppError('SSO_INVALID');
  }
  assertNotBeingDeleted(member.user);

  const opened = await openSession({ db, user: member.user, loginType: 'sso', pendingReason: null, deviceHash, now });
  // Expired token ids are forgotten here rather than by a job: the table stays as small as the traffic.
  await deleteExpiredSsoTokenUses(db, now);
  return { ...member, opened };
}
