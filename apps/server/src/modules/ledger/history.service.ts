import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor.ts';
import type { CardRef } from './card-ref.ts';
import { findReversedEntries } from './history.repository.ts';
import { findCounterpartyCards, findEntryOfAccount, findReversalOf, findReversalsOf, listEntriesOfAccount } from './journal.repository.ts';
import type { EntryKind, JournalEntryRow } from './journal.table.ts';
import { findMemberAccount } from './ledger.service.ts';

/** An entry as its writer recorded it: what a history words it from. */
export interface RecordedEntry {
  kind: EntryKind;
  reference: string | null;
  description: string | null;
  /** What the writer recorded with the entry, e.g. `{ source: 'reward', rewardId }`. */
  metadata: Record<string, unknown>;
}

export interface CardLedgerEntry extends RecordedEntry {
  entryId: string;
  /** The card's side: positive received, negative spent or lost. */
  amount: bigint;
  occurredAt: Date;
  /** The other card of a transfer (or of its reversal). */
  counterpartyCardId: string | null;
  reversesEntryId: string | null;
  /** The entry a reversal undid, as recorded; null for any other entry. */
  reversed: RecordedEntry | null;
  reversedByEntryId: string | null;
}

export interface CardLedgerPage {
  items: CardLedgerEntry[];
  /** Pass back as `cursor` for the next, older page; null on the last page. */
  nextCursor: string | null;
}

const maxPageSize = 100;

/** Adds the other card of each entry, whether it was reversed, and what each reversal undid. */
async function toCardEntries(db: Database, accountId: bigint, rows: Array<{ entry: JournalEntryRow; amount: bigint }>): Promise<CardLedgerEntry[]> {
  const entryIds = rows.map((row) => row.entry.id);
  const reversedIds = rows.flatMap(({ entry }) => (entry.reversesEntryId ? [entry.reversesEntryId] : []));
  const [counterpartyRows, reversalRows, reversedRows] = await Promise.all([
    findCounterpartyCards(db, { entryIds, accountId }),
    findReversalsOf(db, entryIds),
    findReversedEntries(db, reversedIds),
  ]);
  const counterparties = new Map(counterpartyRows.map((row) => [row.entryId, row.cardId]));
  const reversals = new Map(reversalRows.map((row) => [row.reversesEntryId, row.id]));
  const originals = new Map(reversedRows.map(({ id, ...recorded }) => [id, recorded]));
  return rows.map(({ entry, amount }) => ({
    entryId: entry.id,
    kind: entry.kind,
    amount,
    reference: entry.reference,
    description: entry.description,
    metadata: entry.metadata,
    occurredAt: entry.occurredAt,
    counterpartyCardId: counterparties.get(entry.id) ?? null,
    reversesEntryId: entry.reversesEntryId,
    reversed: entry.reversesEntryId ? (originals.get(entry.reversesEntryId) ?? null) : null,
    reversedByEntryId: reversals.get(entry.id) ?? null,
  }));
}

/** A card's transaction history, newest first, one page at a time. */
export async function listEntries({ db, card, cursor, limit = 20 }: { db: Database; card: CardRef; cursor?: string | null; limit?: number }): Promise<CardLedgerPage> {
  const from = cursor ? decodePageCursor(cursor) : undefined;
  const before = from && { occurredAt: from.at, entryId: from.id };
  const account = await findMemberAccount(db, card);
  if (!account) return { items: [], nextCursor: null };
  const pageSize = Math.min(Math.max(1, Math.trunc(limit)), maxPageSize);
  // One extra row tells whether an older page exists.
  const rows = await listEntriesOfAccount(db, { accountId: account.id, limit: pageSize + 1, before });
  const page = rows.slice(0, pageSize);
  const items = await toCardEntries(db, account.id, page);
  const last = page.at(-1);
  return { items, nextCursor: rows.length > pageSize && last ? encodePageCursor({ at: last.entry.occurredAt, id: last.entry.id }) : null };
}

/** One entry of a card's history, with when it was reversed; NOT_FOUND when it did not move this card's value. */
export async function getEntryOfCard({ db, card, entryId }: { db: Database; card: CardRef; entryId: string }): Promise<CardLedgerEntry & { reversedAt: Date | null }> {
  const account = await findMemberAccount(db, card);
  const row = account && isUuid(entryId) ? await findEntryOfAccount(db, { accountId: account.id, entryId: entryId.toLowerCase() }) : undefined;
  if (!account || !row) throw new AppError('NOT_FOUND', { message: 'Transaction not found' });
  const [entry] = await toCardEntries(db, account.id, [row]);
  if (!entry) throw new Error('The entry vanished while it was read');
  const reversal = await findReversalOf(db, entry.entryId);
  return { ...entry, reversedAt: reversal?.occurredAt ?? null };
}
