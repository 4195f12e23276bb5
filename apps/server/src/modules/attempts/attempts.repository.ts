import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { authAttempts, type AttemptScope, type AuthAttemptRow } from './attempts.table.ts';

export interface AttemptKey {
  merchantId: number;
  scope: AttemptScope;
  subject: string;
}

function matches(key: AttemptKey) {
  return and(eq(authAttempts.merchantId, key.merchantId), eq(authAttempts.scope, key.scope), eq(authAttempts.subject, key.subject));
}

/**
 * Creates the row if needed, then locks it (SELECT … FOR UPDATE) until the transaction ends, so
 * concurrent attempts on one subject run one after another. Call inside a transaction.
 */
export async function lockAttemptRow(tx: Database, key: AttemptKey): Promise<AuthAttemptRow> {
  await tx.insert(authAttempts).values(key).onConflictDoNothing();
  const [row] = await tx.select().from(authAttempts).where(matches(key)).for('update');
  if (!row) throw new Error('The attempt row vanished inside its transaction');
  return row;
}

export async function saveAttemptRow(
  tx: Database,
  key: AttemptKey,
  values: Pick<AuthAttemptRow, 'counter' | 'windowStartedAt' | 'lockedUntil'>,
): Promise<void> {
  await tx.update(authAttempts).set(values).where(matches(key));
}

export async function findAttemptRows(db: Database, merchantId: number, keys: Omit<AttemptKey, 'merchantId'>[]): Promise<AuthAttemptRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.merchantId, merchantId),
        inArray(authAttempts.scope, keys.map((key) => key.scope)),
        or(...keys.map((key) => and(eq(authAttempts.scope, key.scope), eq(authAttempts.subject, key.subject)))),
      ),
    );
}

export async function clearAttemptRow(db: Database, key: AttemptKey): Promise<void> {
  await db.delete(authAttempts).where(matches(key));
}
