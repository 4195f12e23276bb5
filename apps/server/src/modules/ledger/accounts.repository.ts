import { LEDGER_BALANCE_MAX } from '@kartu/core';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { isAnyOf, preparedStatement } from '../../db/prepared-statement.ts';
import { ledgerAccounts, type AccountKind, type LedgerAccountRow } from './accounts.table.ts';
import { expiredValueOf, nextExpiryOf } from './lots.repository.ts';

export interface AccountOwner {
  merchantId: number;
  programId: string;
  kind: AccountKind;
  /** The card of a member account; null for the merchant's accounts. */
  cardId: string | null;
}

function ownedBy({ merchantId, programId, kind, cardId }: AccountOwner) {
  return and(
    eq(ledgerAccounts.merchantId, merchantId),
    eq(ledgerAccounts.programId, programId),
    eq(ledgerAccounts.kind, kind),
    cardId === null ? isNull(ledgerAccounts.cardId) : eq(ledgerAccounts.cardId, cardId),
  );
}

/** The account of an owner, created on first use; concurrent first uses end with one account. */
export async function findOrCreateAccount(db: Database, owner: AccountOwner): Promise<LedgerAccountRow> {
  await db.insert(ledgerAccounts).values(owner).onConflictDoNothing();
  const [row] = await db.select().from(ledgerAccounts).where(ownedBy(owner)).limit(1);
  if (!row) throw new Error('The ledger account was not created');
  return row;
}

export async function findAccount(db: Database, owner: AccountOwner): Promise<LedgerAccountRow | undefined> {
  const [row] = await db.select().from(ledgerAccounts).where(ownedBy(owner)).limit(1);
  return row;
}

/** Locks member accounts in id order, the one order every writer uses, so two writers never deadlock. */
export async function lockMemberAccounts(tx: Database, ids: bigint[]): Promise<LedgerAccountRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.id, ids), eq(ledgerAccounts.kind, 'member')))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/**
 * Moves a member wallet's cached balance, locking its row; false when that would take it below zero
 * or past LEDGER_BALANCE_MAX (nothing moves then).
 */
export async function addToMemberBalance(tx: Database, id: bigint, delta: bigint): Promise<boolean> {
  const moved = await tx
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
    .where(and(eq(ledgerAccounts.id, id), eq(ledgerAccounts.kind, 'member'), sql`${ledgerAccounts.balance} + ${delta} between 0 and ${BigInt(LEDGER_BALANCE_MAX)}`))
    .returning({ cardId: ledgerAccounts.cardId })
    .prepare('ledger_move_member_balance')
    .execute();
  // The wallet's balance moved: the caches that show it drop it once the entry is committed.
  const cardId = moved[0]?.cardId;
  if (cardId) publishAfterCommit(tx, [changeTags.card(cardId)]);
  return moved.length === 1;
}

export async function findAccountsByIds(db: Database, ids: bigint[]): Promise<LedgerAccountRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
}

/** A card's wallet and its program's issuance account, as far as they exist yet (the first earn makes them). */
export async function findEarnAccounts(db: Database, { merchantId, programId, cardId }: { merchantId: number; programId: string; cardId: string }) {
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        eq(ledgerAccounts.programId, programId),
        sql`((${ledgerAccounts.kind} = 'member' and ${ledgerAccounts.cardId} = ${cardId}) or (${ledgerAccounts.kind} = 'issuance' and ${ledgerAccounts.cardId} is null))`,
      ),
    );
  return { member: rows.find((row) => row.kind === 'member'), issuance: rows.find((row) => row.kind === 'issuance') };
}

export interface SpendableBalance {
  spendable: bigint;
  /** When value of the card next expires, so that what it can spend changes; null for never. */
  changesAt: Date | null;
}

/** A wallet's balance, the value in it past expiry (expiredValueOf) and its next expiry (nextExpiryOf), as read. */
export interface SpendableBalanceRow {
  balance: bigint;
  expired: string;
  nextExpiry: string | null;
}

export function spendableBalanceOf({ balance, expired, nextExpiry }: SpendableBalanceRow): SpendableBalance {
  return { spendable: balance - BigInt(expired), changesAt: nextExpiry === null ? null : new Date(nextExpiry) };
}

const spendableBalances = preparedStatement<{ merchantId: number; cardIds: string[]; now: string }, Array<SpendableBalanceRow & { cardId: string | null }>>((db) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  return db
    .select({ cardId: ledgerAccounts.cardId, balance: ledgerAccounts.balance, expired: expiredValueOf(ledgerAccounts.id, now), nextExpiry: nextExpiryOf(ledgerAccounts.id, now) })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, sql.placeholder('merchantId')), eq(ledgerAccounts.kind, 'member'), isNotNull(ledgerAccounts.cardId), isAnyOf(ledgerAccounts.cardId, 'cardIds', 'bpchar')))
    .prepare('spendable_balances');
});

/** What each card can spend at `now`, in one query: its wallet's balance less its expired value (expiredValueOf). */
export async function findSpendableBalances(
  db: Database,
  { merchantId, cardIds, now }: { merchantId: number; cardIds: string[]; now: Date },
): Promise<Map<string, SpendableBalance>> {
  if (cardIds.length === 0) return new Map();
  const rows = await spendableBalances(db, { merchantId, cardIds, now: now.toISOString() });
  return new Map(rows.flatMap((row) => (row.cardId ? [[row.cardId, spendableBalanceOf(row)] as const] : [])));
}
