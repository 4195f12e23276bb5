import { LEDGER_AMOUNT_MAX } from '@kartu/core';
import { inTransaction, type Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertCanMoveValue, assertCardOfMerchant, type CardRef } from './card-ref.ts';
import type { JournalEntryRow } from './journal.table.ts';
import { expireAccountLots } from './expiry.service.ts';
import { ensureMemberAccount, ensureMerchantAccount, lockLedgerAccounts, postEntry, type AccountRef, type PostEntryOptions } from './ledger.service.ts';

export interface MovementOptions {
  db: Database;
  now: Date;
  /** The merchant the entry is made for: a card of another merchant is refused as not found. */
  merchantId: number;
  /** In the program's unit: points, stamps or minor currency units. */
  amount: bigint;
  reference?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown>;
}

function assertPositive(amount: bigint): void {
  if (amount <= 0n) throw new AppError('UNPROCESSABLE', { message: 'The amount must be greater than zero' });
  assertWithinLimit(amount);
}

/** One movement carries at most LEDGER_AMOUNT_MAX, however it was worked out (a bill times an earning rate). */
function assertWithinLimit(amount: bigint): void {
  const size = amount < 0n ? -amount : amount;
  if (size > BigInt(LEDGER_AMOUNT_MAX)) throw new AppError('AMOUNT_LIMIT', { message: `An amount may be at most ${LEDGER_AMOUNT_MAX.toLocaleString('en-US')}` });
}

/** A card the entry may move value on: the merchant's, and active. */
function movingCard(card: CardRef, merchantId: number): CardRef {
  assertCardOfMerchant(card, merchantId);
  assertCanMoveValue(card);
  return card;
}

function entryFields({ merchantId, now, reference, description, metadata }: Omit<MovementOptions, 'db'>) {
  return { merchantId, now, reference, description, metadata };
}

/**
 * Credits a card with new value from the merchant's issuance account, in the caller's transaction
 * when `db` is one. A caller that has read the card's program and accounts already (a purchase)
 * passes them.
 */
export async function earn(
  options: MovementOptions & {
    card: CardRef;
    program?: PostEntryOptions['program'];
    /** The card's wallet and the program's issuance account, as far as the caller has read them. */
    accounts?: { member: AccountRef | undefined; issuance: AccountRef | undefined };
  },
): Promise<JournalEntryRow> {
  assertPositive(options.amount);
  const card = movingCard(options.card, options.merchantId);
  return inTransaction(options.db, async (tx) => {
    const scope = { db: tx, merchantId: card.merchantId, programId: card.programId };
    const member = options.accounts?.member ?? (await ensureMemberAccount({ ...scope, cardId: card.id }));
    const issuance = options.accounts?.issuance ?? (await ensureMerchantAccount({ ...scope, kind: 'issuance' }));
    return postEntry({
      ...entryFields(options),
      tx,
      programId: card.programId,
      kind: 'earn',
      program: options.program,
      postings: [
        { account: issuance, amount: -options.amount },
        { account: member, amount: options.amount },
      ],
    });
  });
}

/** Spends value of a card; refused with INSUFFICIENT_BALANCE when the card holds too little. */
export async function redeem(options: MovementOptions & { card: CardRef }): Promise<JournalEntryRow> {
  assertPositive(options.amount);
  const card = movingCard(options.card, options.merchantId);
  return options.db.transaction(async (tx) => {
    const scope = { db: tx, merchantId: card.merchantId, programId: card.programId };
    const member = await ensureMemberAccount({ ...scope, cardId: card.id });
    const redemption = await ensureMerchantAccount({ ...scope, kind: 'redemption' });
    await lockLedgerAccounts(tx, [member.id]);
    await expireAccountLots(tx, { account: member, now: options.now });
    return postEntry({
      ...entryFields(options),
      tx,
      programId: card.programId,
      kind: 'redeem',
      postings: [
        { account: member, amount: -options.amount },
        { account: redemption, amount: options.amount },
      ],
    });
  });
}

/**
 * Moves value between two cards of one program. The recipient's lots keep the expiries of the
 * value sent, so passing points back and forth can never make them live longer.
 */
export async function transfer(options: MovementOptions & { from: CardRef; to: CardRef }): Promise<JournalEntryRow> {
  assertPositive(options.amount);
  if (options.from.id === options.to.id) throw new AppError('UNPROCESSABLE', { message: 'A card cannot transfer to itself' });
  const from = movingCard(options.from, options.merchantId);
  const to = movingCard(options.to, options.merchantId);
  if (from.programId !== to.programId) throw new AppError('UNPROCESSABLE', { message: 'Transfers stay within one program' });
  return options.db.transaction(async (tx) => {
    const scope = { db: tx, merchantId: from.merchantId, programId: from.programId };
    const sender = await ensureMemberAccount({ ...scope, cardId: from.id });
    const recipient = await ensureMemberAccount({ ...scope, cardId: to.id });
    await lockLedgerAccounts(tx, [sender.id, recipient.id]);
    await expireAccountLots(tx, { account: sender, now: options.now });
    return postEntry({
      ...entryFields(options),
      tx,
      programId: from.programId,
      kind: 'transfer',
      postings: [
        { account: sender, amount: -options.amount },
        { account: recipient, amount: options.amount },
      ],
      creditsKeepSpentExpiry: true,
    });
  });
}

/**
 * A correction by the merchant: positive adds value (with the program's expiry), negative takes it
 * away. Works on cards in any state, since support corrects suspended and expired cards too.
 */
export async function adjust(options: Omit<MovementOptions, 'description'> & { card: CardRef; reason: string }): Promise<JournalEntryRow> {
  const { amount, reason, card } = options;
  if (amount === 0n) throw new AppError('UNPROCESSABLE', { message: 'An adjustment cannot be zero' });
  assertWithinLimit(amount);
  if (reason.trim() === '') throw new AppError('UNPROCESSABLE', { message: 'An adjustment needs a reason' });
  assertCardOfMerchant(card, options.merchantId);
  return options.db.transaction(async (tx) => {
    const scope = { db: tx, merchantId: card.merchantId, programId: card.programId };
    const member = await ensureMemberAccount({ ...scope, cardId: card.id });
    const adjustment = await ensureMerchantAccount({ ...scope, kind: 'adjustment' });
    await lockLedgerAccounts(tx, [member.id]);
    if (amount < 0n) await expireAccountLots(tx, { account: member, now: options.now });
    return postEntry({
      ...entryFields({ ...options, description: reason }),
      tx,
      programId: card.programId,
      kind: 'adjustment',
      postings: [
        { account: adjustment, amount: -amount },
        { account: member, amount },
      ],
    });
  });
}
