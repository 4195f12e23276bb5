import type { BalanceUnit, Transaction, TransactionDetail, TransactionKind } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { getEntryOfCard, listEntries, type CardLedgerEntry } from '../ledger/history.service.ts';
import { getProgram } from '../programs/programs.service.ts';
import { findCardHolders, type CardHolder } from './card-history.repository.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getMemberCard, type MemberCardOptions } from '../card-access/card-access.service.ts';

/** Only the last four digits of another member's card are shown. */
export function maskCardNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}

/** The first word of a name: enough to recognise a friend without disclosing their full name. */
export function firstNameOf(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/** The contract's kinds: a claimed reward is an earn from a reward, a transfer reads by direction. */
export function transactionKindOf(entry: Pick<CardLedgerEntry, 'kind' | 'amount' | 'metadata'>): TransactionKind {
  switch (entry.kind) {
    case 'earn':
      return entry.metadata.source === 'reward' ? 'reward' : 'earn';
    case 'transfer':
      return entry.amount > 0n ? 'transfer-in' : 'transfer-out';
    default:
      return entry.kind;
  }
}

function toTransaction(entry: CardLedgerEntry, unit: BalanceUnit, holders: Map<string, CardHolder>): Transaction {
  const holder = entry.counterpartyCardId ? holders.get(entry.counterpartyCardId) : undefined;
  return {
    id: entry.entryId,
    kind: transactionKindOf(entry),
    amount: toJsonNumber(entry.amount),
    unit,
    description: entry.description,
    reference: entry.reference,
    occurredAt: entry.occurredAt.toISOString(),
    counterparty: holder ? { cardNo: maskCardNumber(holder.number), name: firstNameOf(holder.ownerName) } : null,
  };
}

async function holdersOf(db: Database, merchantId: number, entries: CardLedgerEntry[]): Promise<Map<string, CardHolder>> {
  const cardIds = [...new Set(entries.flatMap((entry) => (entry.counterpartyCardId ? [entry.counterpartyCardId] : [])))];
  return new Map((await findCardHolders(db, { merchantId, cardIds })).map((holder) => [holder.cardId, holder]));
}

/** The unit a card's program counts in. */
export async function cardUnitOf(db: Database, card: CardRow): Promise<BalanceUnit> {
  const { program } = await getProgram({ db, merchantId: card.merchantId, programId: card.programId });
  return program.unit;
}

/** The member's card history, newest first. spec: app-core §2 transaction-history */
export async function listCardTransactions(
  options: MemberCardOptions & { cursor?: string; limit: number },
): Promise<{ data: Transaction[]; nextCursor: string | null }> {
  const { db, merchantId, cursor, limit } = options;
  const card = await getMemberCard(options);
  const page = await listEntries({ db, card, cursor, limit });
  const [unit, holders] = await Promise.all([cardUnitOf(db, card), holdersOf(db, merchantId, page.items)]);
  return { data: page.items.map((entry) => toTransaction(entry, unit, holders)), nextCursor: page.nextCursor };
}

/** One transaction of the member's card. spec: app-core §2 transaction-detail/{transactionId} */
export async function getCardTransaction(options: MemberCardOptions & { transactionId: string }): Promise<TransactionDetail> {
  const { db, merchantId, transactionId } = options;
  const card = await getMemberCard(options);
  const entry = await getEntryOfCard({ db, card, entryId: transactionId });
  const [unit, holders] = await Promise.all([cardUnitOf(db, card), holdersOf(db, merchantId, [entry])]);
  return {
    ...toTransaction(entry, unit, holders),
    status: entry.reversedAt ? 'reversed' : 'accepted',
    reversedAt: entry.reversedAt?.toISOString() ?? null,
  };
}
