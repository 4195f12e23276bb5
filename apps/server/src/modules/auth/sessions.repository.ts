import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import { sessions, type SessionRow } from './sessions.table.ts';
import { users, type UserRow } from './users.table.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';

export type NewSessionRow = Omit<SessionRow, 'id' | 'revokedAt'>;

export async function insertSession(db: Database, values: NewSessionRow): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('The session was not saved');
  return row;
}

// Every signed-in request that misses the session cache asks this.
const sessionWithUserByToken = preparedStatement<{ tokenHash: string }, Array<{ session: SessionRow; user: UserRow }>>((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_with_user_by_token'),
);

export async function findSessionWithUser(db: Database, tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await sessionWithUserByToken(db, { tokenHash });
  return row;
}

export async function updateSession(db: Database, id: string, values: Partial<Omit<SessionRow, 'id' | 'userId' | 'merchantId'>>): Promise<void> {
  await db.update(sessions).set(values).where(eq(sessions.id, id));
  publishAfterCommit(db, [changeTags.session(id)]);
}

/** A new sign-in replaces the user's unfinished ones. */
export async function revokePendingSessions(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), eq(sessions.status, 'pending'), isNull(sessions.revokedAt)));
  publishAfterCommit(db, [changeTags.user(userId)]);
}

/** Every other session of the user ends: after a PIN change, only the device that changed it stays in. */
export async function revokeOtherSessions(db: Database, userId: string, keptSessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId), isNull(sessions.revokedAt)));
  publishAfterCommit(db, [changeTags.user(userId)]);
}

export async function revokeAllSessions(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  publishAfterCommit(db, [changeTags.user(userId)]);
}
