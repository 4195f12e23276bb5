import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionRow } from '../auth/sessions.table.ts';
import type { UserRow } from '../auth/users.table.ts';
import { markDeletionRequested, revokeAllSessionsOfUser } from './account.repository.ts';

/** True once the user asked for the account to be deleted: from then on no sign-in opens it. */
export function isDeletionRequested(user: Pick<UserRow, 'deletionRequestedAt'>): boolean {
  return user.deletionRequestedAt !== null;
}

/** Every sign-in path calls this before opening a session for an existing user. */
export function assertNotBeingDeleted(user: Pick<UserRow, 'deletionRequestedAt'>): void {
  if (isDeletionRequested(user)) throw new AppError('FORBIDDEN', { message: 'This account is being deleted' });
}

/**
 * Records the request and signs the user out everywhere; deletion itself takes several days
 * (spec: business-rules — account deletion). spec: app-core §2 Guards — closed to sso sessions,
 * whose accounts belong to the merchant's own system.
 */
export async function requestAccountDeletion({
  db,
  session,
  now,
}: {
  db: Database;
  session: Pick<SessionRow, 'userId' | 'loginType'>;
  now: Date;
}): Promise<{ requestedAt: Date }> {
  if (session.loginType === 'sso') throw new AppError('FORBIDDEN', { message: 'Account deletion is not available when signed in through your merchant' });
  return db.transaction(async (tx) => {
    const requestedAt = await markDeletionRequested(tx, session.userId, now);
    await revokeAllSessionsOfUser(tx, session.userId, now);
    return { requestedAt };
  });
}
