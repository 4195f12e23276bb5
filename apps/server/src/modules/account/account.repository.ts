import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { sessions } from '../auth/sessions.table.ts';
import { users } from '../auth/users.table.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';

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

/** Ends every session of the user, on every device. */
export async function revokeAllSessionsOfUser(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  publishAfterCommit(db, [changeTags.user(userId)]);
}
