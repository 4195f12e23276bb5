import type { BalanceUnit, Transaction, TransactionDetail, TransactionKind } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { getEntryOfCard, listEntries, type CardLedgerEntry } from '../ledger/history.service.ts';
import { getProgram } from '../programs/programs.service.ts';
import { rewardIdOf, transactionFactsOf, type EntryLookups } from './card-history-facts.ts';
import { findCardHolders, findClaimedRewards, type CardHolder } from './card-history.repository.ts';
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

interface HistoryContext extends EntryLookups {
  unit: BalanceUnit;
  holders: Map<string, CardHolder>;
}

function toTransaction(entry: CardLedgerEntry, { unit, holders, ...lookups }: HistoryContext): Transaction {
  const holder = entry.counterpartyCardId ? holders.get(entry.counterpartyCardId) : undefined;
  return {
    id: entry.entryId,
    kind: transactionKindOf(entry),
    facts: transactionFactsOf(entry, lookups),
    amount: toJsonNumber(entry.amount),
    unit,
    reference: entry.reference,
    occurredAt: entry.occurredAt.toISOString(),
    counterparty: holder ? { cardNo: maskCardNumber(holder.number), name: firstNameOf(holder.ownerName) } : null,
  };
}

async function holdersOf(db: Database, merchantId: number, entries: CardLedgerEntry[]): Promise<Map<string, CardHolder>> {
  const cardIds = [...new Set(entries.flatMap((entry) => (entry.counterpartyCardId ? [entry.counterpartyCardId] : [])))];
  return new Map((await findCardHolders(db, { merchantId, cardIds })).map((holder) => [holder.cardId, holder]));
}

/** The rewards the entries' claims (or the claims their reversals undid) name. */
async function rewardsOf(db: Database, card: CardRow, entries: CardLedgerEntry[]): Promise<EntryLookups['rewards']> {
  const rewardIds = [...new Set(entries.flatMap((entry) => [entry, ...(entry.reversed ? [entry.reversed] : [])].flatMap((recorded) => rewardIdOf(recorded) ?? [])))];
  const rows = await findClaimedRewards(db, { merchantId: card.merchantId, cardId: card.id, rewardIds });
  return new Map(rows.map(({ id, kind, title }) => [id, { kind, title }]));
}

/** What the entries are worded from beside themselves: the card's unit, the other cards of transfers, the rewards claimed. */
async function historyContext(db: Database, card: CardRow, entries: CardLedgerEntry[]): Promise<HistoryContext> {
  const [unit, holders, rewards] = await Promise.all([cardUnitOf(db, card), holdersOf(db, card.merchantId, entries), rewardsOf(db, card, entries)]);
  return { unit, holders, rewards };
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
  const { db, cursor, limit } = options;
  const card = await getMemberCard(options);
  const page = await listEntries({ db, card, cursor, limit });
  const context = await historyContext(db, card, page.items);
  return { data: page.items.map((entry) => toTransaction(entry, context)), nextCursor: page.nextCursor };
}

/** One transaction of the member's card. spec: app-core §2 transaction-detail/{transactionId} */
export async function getCardTransaction(options: MemberCardOptions & { transactionId: string }): Promise<TransactionDetail> {
  const { db, transactionId } = options;
  const card = await getMemberCard(options);
  const entry = await getEntryOfCard({ db, card, entryId: transactionId });
  return {
    ...toTransaction(entry, await historyContext(db, card, [entry])),
    status: entry.reversedAt ? 'reversed' : 'accepted',
    reversedAt: entry.reversedAt?.toISOString() ?? null,
  };
}
