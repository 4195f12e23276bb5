import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { NormalisedIdentifier } from './identifier.ts';
import { users, type NewUserRow, type UserRow } from './users.table.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';

function identifierColumn(identifier: NormalisedIdentifier) {
  return identifier.type === 'phone' ? users.phone : users.email;
}

export async function findUserByIdentifier(db: Database, merchantId: number, identifier: NormalisedIdentifier): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(identifierColumn(identifier), identifier.value)))
    .limit(1);
  return row;
}

export async function findUserById(db: Database, merchantId: number, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.id, id)))
    .limit(1);
  return row;
}

/** Inserts the user unless a concurrent request just did; either way answers the one row. */
export async function insertUserOnce(
  db: Database,
  values: { merchantId: number; maskedId: string; identifier: NormalisedIdentifier; country: string; now: Date },
): Promise<{ user: UserRow; created: boolean }> {
  const [created] = await db
    .insert(users)
    .values({
      merchantId: values.merchantId,
      maskedId: values.maskedId,
      country: values.country,
      createdAt: values.now,
      updatedAt: values.now,
      ...(values.identifier.type === 'phone' ? { phone: values.identifier.value } : { email: values.identifier.value }),
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { user: created, created: true };
  const existing = await findUserByIdentifier(db, values.merchantId, values.identifier);
  if (!existing) throw new Error('A user could be neither created nor found');
  return { user: existing, created: false };
}

export async function updateUserPin(db: Database, userId: string, pinHash: string, now: Date): Promise<void> {
  await db.update(users).set({ pinHash, pinUpdatedAt: now, updatedAt: now }).where(eq(users.id, userId));
  publishAfterCommit(db, [changeTags.user(userId)]);
}

/** False when another user of the merchant already has the phone (the unique key refuses it). */
export async function updateUserPhone(db: Database, user: UserRow, phone: string, now: Date): Promise<boolean> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.merchantId, user.merchantId), eq(users.phone, phone)))
    .limit(1);
  if (taken[0] && taken[0].id !== user.id) return false;
  await db.update(users).set({ phone, updatedAt: now }).where(eq(users.id, user.id));
  publishAfterCommit(db, [changeTags.user(user.id)]);
  return true;
}

/** Sets the PIN only if none exists; false when one does (two first PINs cannot race). */
export async function setFirstPin(db: Database, userId: string, pinHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ pinHash, pinUpdatedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.pinHash)))
    .returning({ id: users.id });
  publishAfterCommit(db, [changeTags.user(userId)]);
  return rows.length === 1;
}

/** Marks the user's deletion request and answers its time: the first request's time on repeats. */
export async function markDeletionRequested(db: Database, userId: string, now: Date): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ deletionRequestedAt: sql`coalesce(${users.deletionRequestedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ deletionRequestedAt: users.deletionRequestedAt });
  if (!row?.deletionRequestedAt) throw new Error('The deletion request was not saved');
  publishAfterCommit(db, [changeTags.user(userId)]);
  return row.deletionRequestedAt;
}

/** Remembers the app language the member last signed in with; nothing is written when it is unchanged. */
export async function updateUserLanguage(db: Database, user: Pick<UserRow, 'id' | 'language'>, language: string): Promise<void> {
  if (user.language === language) return;
  await db.update(users).set({ language }).where(eq(users.id, user.id));
  publishAfterCommit(db, [changeTags.user(user.id)]);
}

/** What a member changes of their profile; the e-mail is left as it is when absent. */
export type UserProfileFields = Pick<NewUserRow, 'name' | 'birthday' | 'gender'> & { email?: string };

/**
 * Saves the member's profile in one statement, which the caller must not run inside a transaction:
 * 'email-taken' when another member of the merchant has the e-mail (its unique key refuses it).
 */
export async function updateUserProfile(
  db: Database,
  { merchantId, userId }: { merchantId: number; userId: string },
  fields: UserProfileFields,
  now: Date,
): Promise<UserRow | 'email-taken' | undefined> {
  try {
    const [row] = await db
      .update(users)
      .set({ ...fields, updatedAt: now })
      .where(and(eq(users.merchantId, merchantId), eq(users.id, userId)))
      .returning();
    publishAfterCommit(db, [changeTags.user(userId)]);
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'users_merchant_email_unique')) return 'email-taken';
    throw error;
  }
}

/** Points the member at another photo (or none), locking the row; answers the photo it replaced. */
export async function replaceUserPhoto(db: Database, { merchantId, userId }: { merchantId: number; userId: string }, imageId: string | null, now: Date): Promise<string | null> {
  const [current] = await db
    .select({ photoImageId: users.photoImageId })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.id, userId)))
    .for('update');
  if (!current || current.photoImageId === imageId) return null;
  await db.update(users).set({ photoImageId: imageId, updatedAt: now }).where(eq(users.id, userId));
  publishAfterCommit(db, [changeTags.user(userId)]);
  return current.photoImageId;
}
