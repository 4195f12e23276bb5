import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users, type UserRow } from '../auth/users.table.ts';
import { ssoKeys, ssoTokenUses, type SsoKeyRow } from './sso.table.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';

/** The active key a merchant's token names; another merchant's key of the same kid never matches. */
export async function findActiveSsoKey(db: Database, merchantId: number, kid: string): Promise<SsoKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoKeys)
    .where(and(eq(ssoKeys.merchantId, merchantId), eq(ssoKeys.kid, kid), eq(ssoKeys.active, true)))
    .limit(1);
  return row;
}

export async function insertSsoKey(db: Database, key: { merchantId: number; kid: string; secret: string }): Promise<SsoKeyRow> {
  const [row] = await db.insert(ssoKeys).values(key).returning();
  if (!row) throw new Error('The SSO key was not saved');
  return row;
}

/** Creates the key, or gives an existing key of that kid the new secret and turns it on. */
export async function upsertSsoKey(db: Database, key: { merchantId: number; kid: string; secret: string }): Promise<void> {
  await db
    .insert(ssoKeys)
    .values(key)
    .onConflictDoUpdate({ target: [ssoKeys.merchantId, ssoKeys.kid], set: { secret: key.secret, active: true } });
}

/** Retires a key (or brings it back) while a merchant rotates its secret. */
export async function updateSsoKeyActive(db: Database, id: number, active: boolean): Promise<void> {
  await db.update(ssoKeys).set({ active }).where(eq(ssoKeys.id, id));
}

/**
 * Records a token id as used. False when it was used before: the primary key decides, so two
 * requests racing with the same token cannot both pass.
 */
export async function recordSsoTokenUse(db: Database, use: { merchantId: number; jti: string; expiresAt: Date }): Promise<boolean> {
  const inserted = await db.insert(ssoTokenUses).values(use).onConflictDoNothing().returning({ jti: ssoTokenUses.jti });
  return inserted.length === 1;
}

/** Forgets token ids whose tokens would be refused as expired anyway. */
export async function deleteExpiredSsoTokenUses(db: Database, now: Date): Promise<void> {
  await db.delete(ssoTokenUses).where(lt(ssoTokenUses.expiresAt, now));
}

export async function findUserBySsoSubject(db: Database, merchantId: number, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.ssoSubject, subject)))
    .limit(1);
  return row;
}

/** Links a user found by phone or e-mail; undefined when the user is already linked to another subject. */
export async function linkUserToSsoSubject(db: Database, user: UserRow, subject: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ssoSubject: subject, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.ssoSubject)))
    .returning();
  publishAfterCommit(db, [changeTags.user(user.id)]);
  return row;
}

/** Undefined when a unique key refused the row: a concurrent sign-in created or claimed it first. */
export async function insertSsoUser(
  db: Database,
  values: { merchantId: number; maskedId: string; ssoSubject: string; phone: string | null; email: string | null; name: string | null; country: string; now: Date },
): Promise<UserRow | undefined> {
  const { now, ...user } = values;
  const [row] = await db
    .insert(users)
    .values({ ...user, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}
