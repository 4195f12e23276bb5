import { and, asc, eq, gt, isNotNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { ledgerAccounts } from './accounts.table.ts';
import { lotConsumptions, lots, type LotRow } from './lots.table.ts';

/**
 * The lots a debit spends, in spending order: soonest expiry first (never-expiring last), then the
 * oldest. `preferEntryId` puts the lots of one credit first, which a reversal of that credit takes back.
 */
export async function findSpendableLots(tx: Database, { accountId, preferEntryId }: { accountId: bigint; preferEntryId?: string }): Promise<LotRow[]> {
  const order: SQL[] = [];
  if (preferEntryId) order.push(sql`${lots.entryId} = ${preferEntryId} desc`);
  order.push(sql`${lots.expiresAt} asc nulls last`, asc(lots.createdAt), asc(lots.id));
  return tx
    .select()
    .from(lots)
    .where(and(eq(lots.accountId, accountId), gt(lots.remaining, 0n)))
    .orderBy(...order);
}

export async function addToLotRemaining(tx: Database, lotId: bigint, delta: bigint): Promise<void> {
  await tx
    .update(lots)
    .set({ remaining: sql`${lots.remaining} + ${delta}` })
    .where(eq(lots.id, lotId));
}

/** What an entry took from the lots of one account, net of anything already put back. */
export async function findConsumptionsOfEntry(tx: Database, { entryId, accountId }: { entryId: string; accountId: bigint }) {
  return tx
    .select({ lotId: lotConsumptions.lotId, amount: sql<string>`sum(${lotConsumptions.amount})`.mapWith((value: string) => BigInt(value)) })
    .from(lotConsumptions)
    .innerJoin(lots, eq(lots.id, lotConsumptions.lotId))
    .where(and(eq(lotConsumptions.entryId, entryId), eq(lots.accountId, accountId)))
    .groupBy(lotConsumptions.lotId)
    .orderBy(asc(lotConsumptions.lotId));
}

/** Member accounts holding value past its expiry, optionally of one merchant. */
export async function findAccountsWithExpiredLots(db: Database, { now, merchantId }: { now: Date; merchantId?: number }) {
  return db
    .selectDistinct({ accountId: lots.accountId, merchantId: ledgerAccounts.merchantId, programId: ledgerAccounts.programId, cardId: ledgerAccounts.cardId })
    .from(lots)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, lots.accountId))
    .where(
      and(
        gt(lots.remaining, 0n),
        isNotNull(lots.expiresAt),
        lte(lots.expiresAt, now),
        merchantId === undefined ? undefined : eq(ledgerAccounts.merchantId, merchantId),
      ),
    )
    .orderBy(asc(lots.accountId));
}

/**
 * The value an account holds past its expiry that no sweep has moved yet, as an SQL expression: the
 * one rule for what a wallet holds but may no longer spend. `now` is a timestamptz expression.
 */
export function expiredValueOf(accountId: SQLWrapper, now: SQLWrapper): SQL<string> {
  // Nested, so that drizzle keeps every column qualified: in a select from one table it writes the
  // top-level columns of a field bare, which would make the subquery compare lots with themselves.
  const expired = sql`(select sum(${lots.remaining}) from ${lots} where ${lots.accountId} = ${accountId} and ${lots.remaining} > 0 and ${lots.expiresAt} <= ${now})`;
  return sql<string>`coalesce(${expired}, 0)`;
}

/** When the account's value next expires (its soonest lot still to expire after `now`), or null, as an SQL expression. */
export function nextExpiryOf(accountId: SQLWrapper, now: SQLWrapper): SQL<string | null> {
  // Nested, as in expiredValueOf, so that drizzle keeps the condition's columns qualified.
  const stillToExpire = sql`${lots.accountId} = ${accountId} and ${lots.remaining} > 0 and ${lots.expiresAt} > ${now}`;
  return sql<string | null>`(select min(${lots.expiresAt}) from ${lots} where ${stillToExpire})`;
}

/** An instant as a timestamptz parameter, for expressions that compare it with timestamp columns. */
export function timestamptz(instant: Date): SQL {
  return sql`${instant.toISOString()}::timestamptz`;
}

export async function sumExpiredRemaining(db: Database, { accountId, now }: { accountId: bigint; now: Date }): Promise<bigint> {
  const [row] = await db
    .select({ total: expiredValueOf(ledgerAccounts.id, timestamptz(now)) })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return BigInt(row?.total ?? '0');
}

/** Value still to spend before it expires, soonest first. */
export async function findExpiringLots(db: Database, { accountId, now, limit }: { accountId: bigint; now: Date; limit: number }) {
  return db
    .select({ lotId: lots.id, remaining: lots.remaining, expiresAt: lots.expiresAt })
    .from(lots)
    .where(and(eq(lots.accountId, accountId), gt(lots.remaining, 0n), isNotNull(lots.expiresAt), gt(lots.expiresAt, now)))
    .orderBy(asc(lots.expiresAt), asc(lots.id))
    .limit(limit);
}
