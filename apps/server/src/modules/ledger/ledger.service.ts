import { LEDGER_BALANCE_MAX } from '@kartu/core';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { noEarnedExperience, retentionPeriodStart, type EarnedExperience } from '../programs/levels.ts';
import { lotExpiresAt } from '../programs/lot-expiry.ts';
import { getProgram } from '../programs/programs.service.ts';
import type { ProgramRow } from '../programs/programs.table.ts';
import { addToMemberBalance, findAccount, findEarnAccounts, findOrCreateAccount, findSpendableBalances, lockMemberAccounts, spendableBalanceOf, type SpendableBalance } from './accounts.repository.ts';
import type { LedgerAccountRow, MerchantAccountKind } from './accounts.table.ts';
import { findCardFigures, findCardsEarnedBetween, insertEntryWithParts, sumEarnedBetween, sumEarnedTotals, sumLifetimeEarned, sumPostingsOfAccount } from './journal.repository.ts';
import type { EntryKind, JournalEntryRow } from './journal.table.ts';
import { creditLots, restoreLots, spendLots, type NewLot, type NewLotConsumption, type SpentPiece } from './lot-allocation.ts';
import type { CardRef } from './card-ref.ts';

/** What a posting needs to know of its account; every account row carries it. */
export type AccountRef = Pick<LedgerAccountRow, 'id' | 'kind' | 'merchantId' | 'programId' | 'cardId'>;

export interface PostingInput {
  account: AccountRef;
  /** Positive credits the account, negative debits it. */
  amount: bigint;
}

export interface PostEntryOptions {
  /** Must be a transaction: the member accounts stay locked until it commits. */
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
  /** The entry's program with its merchant's time zone, when the caller has read it already. */
  program?: { program: ProgramRow; timeZone: string };
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
 * Locks the member accounts among `ids` for the rest of the transaction, in id order. A use case
 * that reads a wallet before posting (an expiry sweep, a reversal) locks it first. The merchant's
 * accounts are never locked: every earn of a program touches its issuance account, and a lock on it
 * would queue every purchase of the program behind the one before.
 */
export async function lockLedgerAccounts(tx: Database, ids: bigint[]): Promise<LedgerAccountRow[]> {
  return lockMemberAccounts(tx, [...new Set(ids)].sort(byId));
}

function assertBalancedPostings(postings: PostingInput[]): void {
  const invalid = (message: string) => new AppError('UNPROCESSABLE', { message });
  if (postings.length < 2) throw invalid('A ledger entry needs at least two postings');
  if (postings.some((posting) => posting.amount === 0n)) throw invalid('A posting cannot be zero');
  if (new Set(postings.map((posting) => posting.account.id)).size !== postings.length) throw invalid('An account appears twice in one entry');
  if (postings.reduce((sum, posting) => sum + posting.amount, 0n) !== 0n) throw invalid('The postings of an entry must sum to zero');
}

function assertAccountsBelong(postings: PostingInput[], { merchantId, programId }: { merchantId: number; programId: string }) {
  if (postings.some(({ account }) => account.merchantId !== merchantId || account.programId !== programId)) {
    throw new AppError('UNPROCESSABLE', { message: 'Every account of an entry must belong to its program' });
  }
}

/** A credit that would take a wallet past what it may hold. */
function balanceLimit(): AppError {
  return new AppError('AMOUNT_LIMIT', { message: `A card's balance may be at most ${LEDGER_BALANCE_MAX.toLocaleString('en-US')}` });
}

/**
 * Writes one journal entry in the caller's transaction: validates it, moves the cached balance of
 * each member account (which locks it, in id order, and refuses to take it below zero), records the
 * entry and its postings, and moves the lots. The merchant's accounts have no cached balance: theirs
 * is the sum of their postings (getAccountBalance).
 */
export async function postEntry(options: PostEntryOptions): Promise<JournalEntryRow> {
  const { tx, merchantId, programId, kind, postings, now, reversesEntryId } = options;
  assertBalancedPostings(postings);
  assertAccountsBelong(postings, { merchantId, programId });
  const memberPostings = postings.filter((posting) => posting.account.kind === 'member').sort((a, b) => byId(a.account.id, b.account.id));
  for (const posting of memberPostings) {
    const moved = await addToMemberBalance(tx, posting.account.id, posting.amount);
    if (!moved) throw posting.amount < 0n ? new AppError('INSUFFICIENT_BALANCE') : balanceLimit();
  }
  const { program, timeZone } = options.program ?? (await getProgram({ db: tx, merchantId, programId }));

  // The id is made here so that the postings, lots and consumptions can be written with the entry.
  const entryId = randomUUID();
  const consumptions: NewLotConsumption[] = [];
  const newLots: NewLot[] = [];
  const spent: SpentPiece[] = [];
  for (const posting of memberPostings.filter((candidate) => candidate.amount < 0n)) {
    const taken = await spendLots(tx, { accountId: posting.account.id, amount: -posting.amount, entryId, preferEntryId: reversesEntryId });
    spent.push(...taken.pieces);
    consumptions.push(...taken.consumptions);
  }
  const defaultExpiresAt = lotExpiresAt(program, now, timeZone);
  for (const posting of memberPostings.filter((candidate) => candidate.amount > 0n)) {
    const move = { accountId: posting.account.id, amount: posting.amount, entryId };
    if (reversesEntryId) consumptions.push(...(await restoreLots(tx, { ...move, originalEntryId: reversesEntryId })));
    else newLots.push(...creditLots({ ...move, now, defaultExpiresAt, spentPieces: options.creditsKeepSpentExpiry ? spent : undefined }));
  }

  const entry = await insertEntryWithParts(tx, {
    entry: {
      id: entryId,
      merchantId,
      programId,
      kind,
      reference: options.reference ?? null,
      description: options.description ?? null,
      metadata: options.metadata ?? {},
      reversesEntryId: reversesEntryId ?? null,
      occurredAt: now,
    },
    postings: postings.map((posting) => ({ entryId, accountId: posting.account.id, amount: posting.amount, occurredAt: now })),
    lots: newLots,
    consumptions,
  });
  return entry;
}

/** An account's balance: the cached one of a member wallet, the sum of postings of a merchant account. */
export async function getAccountBalance(db: Database, account: Pick<LedgerAccountRow, 'id' | 'kind' | 'balance'>): Promise<bigint> {
  return account.kind === 'member' ? account.balance : sumPostingsOfAccount(db, account.id);
}

/** The card's wallet, once its first credit has made one. */
export async function findMemberAccount(db: Database, card: CardRef): Promise<LedgerAccountRow | undefined> {
  return findAccount(db, { merchantId: card.merchantId, programId: card.programId, kind: 'member', cardId: card.id });
}

/** The accounts an earn on the card posts to, as far as earlier earns made them. */
export async function findEarnAccountsOf({ db, card }: { db: Database; card: CardRef }): Promise<{ member: AccountRef | undefined; issuance: AccountRef | undefined }> {
  return findEarnAccounts(db, { merchantId: card.merchantId, programId: card.programId, cardId: card.id });
}

/** What each card can spend at `now` (see getBalance), with when that next changes by itself; cards that never held value are absent. */
export async function getSpendableBalances({ db, merchantId, cardIds, now }: { db: Database; merchantId: number; cardIds: string[]; now: Date }): Promise<Map<string, SpendableBalance>> {
  return findSpendableBalances(db, { merchantId, cardIds, now });
}

/** What a card can spend at `now`: its balance less value past expiry that the scheduled sweep has not moved yet. */
export async function getBalance({ db, card, now }: { db: Database; card: CardRef; now: Date }): Promise<bigint> {
  const balances = await findSpendableBalances(db, { merchantId: card.merchantId, cardIds: [card.id], now });
  return balances.get(card.id)?.spendable ?? 0n;
}

/** Earnings that count toward the card's level (see programs/levels.ts). */
export async function getLifetimeEarned({ db, card }: { db: Database; card: CardRef }): Promise<bigint> {
  const account = await findMemberAccount(db, card);
  return account ? sumLifetimeEarned(db, account.id) : 0n;
}

/** The cards of a program that earned in [from, to): where something may have moved a target. */
export async function listCardsEarnedBetween(options: { db: Database; merchantId: number; programId: string; from: Date; to: Date }): Promise<string[]> {
  const { db, ...scope } = options;
  return findCardsEarnedBetween(db, scope);
}

/** What the card earned in [from, to), earns taken back not counted: a target's collected points. */
export async function getEarnedBetween({ db, card, from, to }: { db: Database; card: CardRef; from: Date; to: Date }): Promise<bigint> {
  const account = await findMemberAccount(db, card);
  return account ? sumEarnedBetween(db, { accountId: account.id, from, to }) : 0n;
}

/** The card's level earnings, over its lifetime and within the retention period ending at `now`. */
export async function getEarnedExperience({ db, card, now }: { db: Database; card: CardRef; now: Date }): Promise<EarnedExperience> {
  const account = await findMemberAccount(db, card);
  if (!account) return noEarnedExperience;
  const totals = await sumEarnedTotals(db, account.id, retentionPeriodStart(now));
  return { lifetimeEarned: totals.lifetime, earnedInRetentionPeriod: totals.recent };
}

/** What a page of cards shows of each wallet: what it can spend (getSpendableBalances) and its level earnings (getEarnedExperience). */
export interface CardFigures extends SpendableBalance, EarnedExperience {}

/** CardFigures for a page of cards at once, in one query; cards that never held value are absent. */
export async function getCardFigures({ db, merchantId, cardIds, now }: { db: Database; merchantId: number; cardIds: string[]; now: Date }): Promise<Map<string, CardFigures>> {
  const rows = await findCardFigures(db, { merchantId, cardIds, now, since: retentionPeriodStart(now) });
  return new Map(
    rows.map((row) => [
      row.cardId,
      { ...spendableBalanceOf(row), lifetimeEarned: BigInt(row.lifetime), earnedInRetentionPeriod: BigInt(row.recent) },
    ]),
  );
}
