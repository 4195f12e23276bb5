import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { retentionPeriodStart, type EarnedExperience } from '../programs/levels.ts';
import { lotExpiresAt } from '../programs/lot-expiry.ts';
import { getProgram } from '../programs/programs.service.ts';
import { getCard } from '../cards/cards.service.ts';
import { addToBalance, findAccount, findOrCreateAccount, lockAccounts } from './accounts.repository.ts';
import type { LedgerAccountRow, MerchantAccountKind } from './accounts.table.ts';
import { insertEntry, insertPostings, sumLifetimeEarned, sumLifetimeEarnedOfCards } from './journal.repository.ts';
import type { EntryKind, JournalEntryRow } from './journal.table.ts';
import { creditLots, restoreLots, spendLots, type SpentPiece } from './lot-allocation.ts';
import { sumExpiredRemaining } from './lots.repository.ts';

export interface PostingInput {
  accountId: bigint;
  /** Positive credits the account, negative debits it. */
  amount: bigint;
}

export interface PostEntryOptions {
  /** Must be a transaction: the account locks last until it commits. */
  tx: Database;
  merchantId: number;
  programId: string;
  kind: EntryKind;
  postings: PostingInput[];
  reference?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown>;
  now: Date;
  /** A reversal takes back the lots its original credited and restores the lots it spent. */
  reversesEntryId?: string;
  /** Credits inherit the expiries of the value the same entry spent (transfers). */
  creditsKeepSpentExpiry?: boolean;
}

export async function ensureMemberAccount({ db, merchantId, programId, cardId }: { db: Database; merchantId: number; programId: string; cardId: string }) {
  return findOrCreateAccount(db, { merchantId, programId, kind: 'member', cardId });
}

export async function ensureMerchantAccount({
  db,
  merchantId,
  programId,
  kind,
}: {
  db: Database;
  merchantId: number;
  programId: string;
  kind: MerchantAccountKind;
}) {
  return findOrCreateAccount(db, { merchantId, programId, kind, cardId: null });
}

const byId = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Locks accounts for the rest of the transaction, in id order. A use case that touches several
 * entries locks every account it needs at once, so no two transactions wait on each other.
 */
export async function lockLedgerAccounts(tx: Database, ids: bigint[]): Promise<LedgerAccountRow[]> {
  return lockAccounts(tx, [...new Set(ids)].sort(byId));
}

function assertBalancedPostings(postings: PostingInput[]): void {
  const invalid = (message: string) => new AppError('UNPROCESSABLE', { message });
  if (postings.length < 2) throw invalid('A ledger entry needs at least two postings');
  if (postings.some((posting) => posting.amount === 0n)) throw invalid('A posting cannot be zero');
  if (new Set(postings.map((posting) => posting.accountId)).size !== postings.length) throw invalid('An account appears twice in one entry');
  if (postings.reduce((sum, posting) => sum + posting.amount, 0n) !== 0n) throw invalid('The postings of an entry must sum to zero');
}

function assertAccountsBelong(accounts: LedgerAccountRow[], postings: PostingInput[], { merchantId, programId }: { merchantId: number; programId: string }) {
  const foreign = accounts.length !== postings.length || accounts.some((account) => account.merchantId !== merchantId || account.programId !== programId);
  if (foreign) throw new AppError('UNPROCESSABLE', { message: 'Every account of an entry must belong to its program' });
}

/**
 * Writes one journal entry: validates it, locks its accounts, refuses to take a member account
 * below zero, moves the lots, and updates the cached balances, all in the caller's transaction.
 */
export async function postEntry(options: PostEntryOptions): Promise<JournalEntryRow> {
  const { tx, merchantId, programId, kind, postings, now, reversesEntryId } = options;
  assertBalancedPostings(postings);
  const { program, timeZone } = await getProgram({ db: tx, merchantId, programId });
  const accounts = await lockLedgerAccounts(
    tx,
    postings.map((posting) => posting.accountId),
  );
  assertAccountsBelong(accounts, postings, { merchantId, programId });
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const memberPostings = postings.filter((posting) => accountById.get(posting.accountId)?.kind === 'member');
  // Merchant accounts may go negative (issuance always is); member wallets never.
  for (const posting of memberPostings) {
    const account = accountById.get(posting.accountId);
    if (account && account.balance + posting.amount < 0n) throw new AppError('INSUFFICIENT_BALANCE');
  }

  const entry = await insertEntry(tx, {
    merchantId,
    programId,
    kind,
    reference: options.reference ?? null,
    description: options.description ?? null,
    metadata: options.metadata ?? {},
    reversesEntryId: reversesEntryId ?? null,
    occurredAt: now,
  });
  await insertPostings(
    tx,
    postings.map((posting) => ({ entryId: entry.id, accountId: posting.accountId, amount: posting.amount })),
  );

  const spent: SpentPiece[] = [];
  for (const posting of memberPostings.filter((candidate) => candidate.amount < 0n)) {
    const pieces = await spendLots(tx, { accountId: posting.accountId, amount: -posting.amount, entryId: entry.id, preferEntryId: reversesEntryId });
    spent.push(...pieces);
  }
  const defaultExpiresAt = lotExpiresAt(program, now, timeZone);
  for (const posting of memberPostings.filter((candidate) => candidate.amount > 0n)) {
    const move = { accountId: posting.accountId, amount: posting.amount, entryId: entry.id };
    if (reversesEntryId) await restoreLots(tx, { ...move, originalEntryId: reversesEntryId });
    else await creditLots(tx, { ...move, now, defaultExpiresAt, spentPieces: options.creditsKeepSpentExpiry ? spent : undefined });
  }
  for (const posting of postings) await addToBalance(tx, posting.accountId, posting.amount);
  return entry;
}

async function memberAccountOf(db: Database, merchantId: number, cardId: string) {
  const card = await getCard({ db, merchantId, cardId });
  return findAccount(db, { merchantId, programId: card.programId, kind: 'member', cardId });
}

/**
 * What a card can spend at `now`: its balance less value past expiry that the scheduled sweep has
 * not moved yet. CARD_NOT_FOUND for another merchant's card.
 */
export async function getBalance({ db, merchantId, cardId, now }: { db: Database; merchantId: number; cardId: string; now: Date }): Promise<bigint> {
  const account = await memberAccountOf(db, merchantId, cardId);
  if (!account) return 0n;
  return account.balance - (await sumExpiredRemaining(db, { accountId: account.id, now }));
}

/** Earnings that count toward the card's level (see programs/levels.ts). */
export async function getLifetimeEarned({ db, merchantId, cardId }: { db: Database; merchantId: number; cardId: string }): Promise<bigint> {
  const account = await memberAccountOf(db, merchantId, cardId);
  return account ? sumLifetimeEarned(db, account.id) : 0n;
}

/** The card's level earnings, over its lifetime and within the retention period ending at `now`. */
export async function getEarnedExperience({ db, merchantId, cardId, now }: { db: Database; merchantId: number; cardId: string; now: Date }): Promise<EarnedExperience> {
  const account = await memberAccountOf(db, merchantId, cardId);
  if (!account) return { lifetimeEarned: 0n, earnedInRetentionPeriod: 0n };
  const [lifetimeEarned, earnedInRetentionPeriod] = await Promise.all([
    sumLifetimeEarned(db, account.id),
    sumLifetimeEarned(db, account.id, retentionPeriodStart(now)),
  ]);
  return { lifetimeEarned, earnedInRetentionPeriod };
}

/** getLifetimeEarned for a page of cards at once: one query, not two per card. */
export async function getLifetimeEarnedOfCards({ db, merchantId, cardIds }: { db: Database; merchantId: number; cardIds: string[] }): Promise<Map<string, bigint>> {
  return sumLifetimeEarnedOfCards(db, { merchantId, cardIds });
}

/** getEarnedExperience for a page of cards at once: two queries, not two per card (cards without earnings are absent). */
export async function getEarnedExperienceOfCards({ db, merchantId, cardIds, now }: { db: Database; merchantId: number; cardIds: string[]; now: Date }): Promise<Map<string, EarnedExperience>> {
  const [lifetimes, recent] = await Promise.all([
    sumLifetimeEarnedOfCards(db, { merchantId, cardIds }),
    sumLifetimeEarnedOfCards(db, { merchantId, cardIds, since: retentionPeriodStart(now) }),
  ]);
  return new Map([...lifetimes].map(([cardId, lifetimeEarned]) => [cardId, { lifetimeEarned, earnedInRetentionPeriod: recent.get(cardId) ?? 0n }]));
}
