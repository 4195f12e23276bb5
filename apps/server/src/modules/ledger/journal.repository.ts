import { and, desc, eq, inArray, or, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isAnyOf, preparedStatement } from '../../db/prepared-statement.ts';
import { ledgerAccounts } from './accounts.table.ts';
import { journalEntries, postings, type JournalEntryRow } from './journal.table.ts';
import type { SpendableBalanceRow } from './accounts.repository.ts';
import { expiredValueOf, nextExpiryOf, timestamptz } from './lots.repository.ts';
import { lotConsumptions, lots } from './lots.table.ts';

export type NewJournalEntry = typeof journalEntries.$inferInsert;

export interface EntryParts {
  /** With its id: the postings, lots and lot consumptions below name it. */
  entry: NewJournalEntry & { id: string };
  postings: Array<typeof postings.$inferInsert>;
  lots: Array<typeof lots.$inferInsert>;
  consumptions: Array<typeof lotConsumptions.$inferInsert>;
}

const namedShapeLimit = 4;

/**
 * Writes an entry with its postings, new lots and lot consumptions in one statement (one round trip
 * to the database). Foreign keys are checked at the end of the statement, so the rows may name the
 * entry they are written with.
 */
export async function insertEntryWithParts(tx: Database, parts: EntryParts): Promise<JournalEntryRow> {
  const withList: WithSubquery[] = [tx.$with('entry_postings').as(tx.insert(postings).values(parts.postings))];
  if (parts.lots.length > 0) withList.push(tx.$with('entry_lots').as(tx.insert(lots).values(parts.lots)));
  if (parts.consumptions.length > 0) withList.push(tx.$with('entry_consumptions').as(tx.insert(lotConsumptions).values(parts.consumptions)));
  const query = tx.with(...withList).insert(journalEntries).values(parts.entry).returning();
  // Entries of the usual shapes are named statements, planned once per connection.
  const shape = [parts.postings.length, parts.lots.length, parts.consumptions.length];
  const [saved] = shape.every((count) => count <= namedShapeLimit) ? await query.prepare(`ledger_entry_${shape.join('_')}`).execute() : await query;
  if (!saved) throw new Error('The journal entry was not saved');
  return saved;
}

export async function findEntry(db: Database, { merchantId, entryId }: { merchantId: number; entryId: string }): Promise<JournalEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.id, entryId), eq(journalEntries.merchantId, merchantId)))
    .limit(1);
  return row;
}

export async function findReversalOf(db: Database, entryId: string): Promise<JournalEntryRow | undefined> {
  const [row] = await db.select().from(journalEntries).where(eq(journalEntries.reversesEntryId, entryId)).limit(1);
  return row;
}

export async function findPostingsOfEntry(db: Database, entryId: string) {
  return db
    .select({
      posting: postings,
      account: { id: ledgerAccounts.id, kind: ledgerAccounts.kind, merchantId: ledgerAccounts.merchantId, programId: ledgerAccounts.programId, cardId: ledgerAccounts.cardId },
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(postings.entryId, entryId))
    .orderBy(postings.id);
}

/** A merchant account's balance: the sum of its postings (it has no cached one). */
export async function sumPostingsOfAccount(db: Database, accountId: bigint): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)` })
    .from(postings)
    .where(eq(postings.accountId, accountId));
  return BigInt(row?.total ?? 0);
}

export interface EntryPage {
  accountId: bigint;
  limit: number;
  /** Strictly older than this (occurredAt, id) position. */
  before?: { occurredAt: Date; entryId: string };
}

/**
 * The entries that moved value on an account, newest first, with the account's amount in each. An
 * entry posts to an account once at most (postEntry refuses twice), so the posting is that amount;
 * the page is read along postings_account_history_idx, from `before` on.
 */
export async function listEntriesOfAccount(db: Database, { accountId, limit, before }: EntryPage) {
  const older = before ? sql`(${postings.occurredAt}, ${postings.entryId}) < (${before.occurredAt.toISOString()}::timestamptz, ${before.entryId}::uuid)` : undefined;
  return db
    .select({ entry: journalEntries, amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(eq(postings.accountId, accountId), older))
    .orderBy(desc(postings.occurredAt), desc(postings.entryId))
    .limit(limit);
}

/** One entry as it moved value on an account, with the account's net amount; undefined when it did not touch it. */
export async function findEntryOfAccount(db: Database, { accountId, entryId }: { accountId: bigint; entryId: string }) {
  const [row] = await db
    .select({
      entry: journalEntries,
      amount: sql<string>`sum(${postings.amount})`.mapWith((value: string) => BigInt(value)),
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(eq(postings.accountId, accountId), eq(journalEntries.id, entryId)))
    .groupBy(journalEntries.id)
    .limit(1);
  return row;
}

/** For each entry, the cards of member accounts other than `accountId` that it touched. */
export async function findCounterpartyCards(db: Database, { entryIds, accountId }: { entryIds: string[]; accountId: bigint }) {
  if (entryIds.length === 0) return [];
  return db
    .select({ entryId: postings.entryId, cardId: ledgerAccounts.cardId })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(inArray(postings.entryId, entryIds), eq(ledgerAccounts.kind, 'member'), sql`${postings.accountId} <> ${accountId}`));
}

export async function findReversalsOf(db: Database, entryIds: string[]): Promise<Array<{ id: string; reversesEntryId: string | null }>> {
  if (entryIds.length === 0) return [];
  return db
    .select({ id: journalEntries.id, reversesEntryId: journalEntries.reversesEntryId })
    .from(journalEntries)
    .where(inArray(journalEntries.reversesEntryId, entryIds));
}

/**
 * Earnings that count toward levels: earns count, a reversal of an earn takes its value back,
 * spends never do.
 */
function earnedOnly() {
  const reversed = sql`(select kind from ${journalEntries} as original where original.id = ${journalEntries.reversesEntryId})`;
  return or(eq(journalEntries.kind, 'earn'), and(eq(journalEntries.kind, 'reversal'), sql`${reversed} = 'earn'`));
}

/**
 * Of those, the ones earned from `since` on (the retention period): a reversal is dated by the
 * earn it takes back, so undoing an old earn never eats into recent ones.
 */
function earnedSince(since: SQL) {
  const earnedAt = sql`coalesce((select occurred_at from ${journalEntries} as original where original.id = ${journalEntries.reversesEntryId}), ${journalEntries.occurredAt})`;
  return sql`${earnedAt} >= ${since}`;
}

/** The cards of a program that earned in [from, to): the merchant's entries of the time, read along its index. */
export async function findCardsEarnedBetween(db: Database, { merchantId, programId, from, to }: { merchantId: number; programId: string; from: Date; to: Date }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ cardId: ledgerAccounts.cardId })
    .from(journalEntries)
    .innerJoin(postings, eq(postings.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      and(
        eq(journalEntries.merchantId, merchantId),
        sql`${journalEntries.occurredAt} >= ${timestamptz(from)}`,
        sql`${journalEntries.occurredAt} < ${timestamptz(to)}`,
        eq(journalEntries.programId, programId),
        eq(journalEntries.kind, 'earn'),
        eq(ledgerAccounts.kind, 'member'),
      ),
    );
  return rows.flatMap((row) => (row.cardId ? [row.cardId] : []));
}

/** What an account earned in [from, to), reversals of those earns taken off (dated by the earn). */
export async function sumEarnedBetween(db: Database, { accountId, from, to }: { accountId: bigint; from: Date; to: Date }): Promise<bigint> {
  const earnedAt = sql`coalesce((select occurred_at from ${journalEntries} as original where original.id = ${journalEntries.reversesEntryId}), ${journalEntries.occurredAt})`;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)` })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(eq(postings.accountId, accountId), earnedOnly(), sql`${earnedAt} >= ${timestamptz(from)}`, sql`${earnedAt} < ${timestamptz(to)}`));
  return BigInt(row?.total ?? '0');
}

/** Both level earnings in one pass over the postings: lifetime, and from `since` (a timestamptz) on. */
const earnedTotals = (since: SQL) => ({
  lifetime: sql<string>`coalesce(sum(${postings.amount}), 0)`,
  recent: sql<string>`coalesce(sum(${postings.amount}) filter (where ${earnedSince(since)}), 0)`,
});

export interface EarnedTotals {
  lifetime: bigint;
  recent: bigint;
}

export async function sumLifetimeEarned(db: Database, accountId: bigint): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)` })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(eq(postings.accountId, accountId), earnedOnly()));
  return BigInt(row?.total ?? '0');
}

/** One account's level earnings over its lifetime and from `since` on, in one query. */
export async function sumEarnedTotals(db: Database, accountId: bigint, since: Date): Promise<EarnedTotals> {
  const [row] = await db
    .select(earnedTotals(timestamptz(since)))
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(eq(postings.accountId, accountId), earnedOnly()));
  return { lifetime: BigInt(row?.lifetime ?? '0'), recent: BigInt(row?.recent ?? '0') };
}

export interface CardFiguresRow extends SpendableBalanceRow {
  cardId: string;
  lifetime: string;
  recent: string;
}

const cardFigures = preparedStatement<{ merchantId: number; cardIds: string[]; now: string; since: string }, CardFiguresRow[]>((db) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const totals = earnedTotals(sql`${sql.placeholder('since')}::timestamptz`);
  const earned = db
    .select({ lifetime: totals.lifetime.as('lifetime'), recent: totals.recent.as('recent') })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(sql`${postings.accountId} = ${ledgerAccounts.id}`, earnedOnly()))
    .as('earned');
  return db
    .select({ cardId: sql<string>`${ledgerAccounts.cardId}`, balance: ledgerAccounts.balance, expired: expiredValueOf(ledgerAccounts.id, now), nextExpiry: nextExpiryOf(ledgerAccounts.id, now), lifetime: earned.lifetime, recent: earned.recent })
    .from(ledgerAccounts)
    .leftJoinLateral(earned, sql`true`)
    .where(and(eq(ledgerAccounts.merchantId, sql.placeholder('merchantId')), eq(ledgerAccounts.kind, 'member'), isAnyOf(ledgerAccounts.cardId, 'cardIds', 'bpchar')))
    .prepare('card_figures');
});

/**
 * What a page of cards shows of each wallet, in one query: its balance, expired value and next
 * expiry, and its level earnings over its lifetime and from `since` on (cards without a wallet
 * are absent).
 */
export async function findCardFigures(db: Database, { merchantId, cardIds, now, since }: { merchantId: number; cardIds: string[]; now: Date; since: Date }): Promise<CardFiguresRow[]> {
  if (cardIds.length === 0) return [];
  return cardFigures(db, { merchantId, cardIds, now: now.toISOString(), since: since.toISOString() });
}
