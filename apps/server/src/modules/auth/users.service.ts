import type { Language } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { NormalisedIdentifier } from './identifier.ts';
import { revokeAllSessions } from './sessions.repository.ts';
import { findUserById, findUserByIdentifier, markDeletionRequested, replaceUserPhoto, updateUserLanguage, updateUserProfile, type UserProfileFields } from './users.repository.ts';
import type { UserRow } from './users.table.ts';

/** The merchant's member with this phone (E.164) or e-mail, if there is one. */
export async function findMember({ db, merchantId, identifier }: { db: Database; merchantId: number; identifier: NormalisedIdentifier }): Promise<UserRow | undefined> {
  return findUserByIdentifier(db, merchantId, identifier);
}

/** True once the user asked for the account to be deleted: from then on no sign-in opens it. */
export function isDeletionRequested(user: Pick<UserRow, 'deletionRequestedAt'>): boolean {
  return user.deletionRequestedAt !== null;
}

/** Every sign-in path calls this before opening a session for an existing user. */
export function assertNotBeingDeleted(user: Pick<UserRow, 'deletionRequestedAt'>): void {
  if (isDeletionRequested(user)) throw new AppError('FORBIDDEN', { message: 'This account is being deleted' });
}

/**
 * Marks the account for deletion and ends its sessions on every device, in the caller's
 * transaction; answers when deletion was first asked for (a repeat keeps the first time).
 */
export async function markForDeletion({ db, userId, now }: { db: Database; userId: string; now: Date }): Promise<Date> {
  const requestedAt = await markDeletionRequested(db, userId, now);
  await revokeAllSessions(db, userId, now);
  return requestedAt;
}

/** The language messages sent later, without a request, are written in: the one of the member's latest sign-in. */
export async function rememberLanguage({ db, user, language }: { db: Database; user: Pick<UserRow, 'id' | 'language'>; language: Language }): Promise<void> {
  await updateUserLanguage(db, user, language);
}

/** The member as stored now: fresher than the copy a session holds, which another instance may still cache. */
export async function getMember({ db, merchantId, userId }: { db: Database; merchantId: number; userId: string }): Promise<UserRow> {
  const user = await findUserById(db, merchantId, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** Saves what members say of themselves; an e-mail another member of the merchant has is refused with EMAIL_TAKEN. */
export async function saveProfile({ db, merchantId, userId, fields, now }: { db: Database; merchantId: number; userId: string; fields: UserProfileFields; now: Date }): Promise<UserRow> {
  const saved = await updateUserProfile(db, { merchantId, userId }, fields, now);
  if (saved === 'email-taken') throw new AppError('EMAIL_TAKEN');
  if (!saved) throw new AppError('UNAUTHENTICATED');
  return saved;
}

/** Gives the member another photo, or none, in the caller's transaction; answers the photo it replaced. */
export async function replacePhoto({ db, merchantId, userId, imageId, now }: { db: Database; merchantId: number; userId: string; imageId: string | null; now: Date }): Promise<string | null> {
  return replaceUserPhoto(db, { merchantId, userId }, imageId, now);
}
