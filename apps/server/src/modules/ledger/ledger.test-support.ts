import { DAY_MS } from '@kartu/core/calendar';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { issueCard } from '../cards/cards.service.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { createProgram } from '../programs/programs.service.ts';
import type { NewProgramRow, ProgramRow } from '../programs/programs.table.ts';
import { ledgerAccounts } from './accounts.table.ts';
import { journalEntries, postings } from './journal.table.ts';
import { lots } from './lots.table.ts';

/** A points program with cards, for ledger tests. */
export async function programWithCards(
  db: Database,
  { merchantId, cards: cardCount, program }: { merchantId: number; cards: number; program?: Partial<NewProgramRow> },
): Promise<{ program: ProgramRow; cards: CardRow[] }> {
  const { program: saved } = await createProgram({
    db,
    program: { merchantId, name: 'Kopi Points', type: 'points', unit: 'POINT', expiryPolicy: 'rolling-days', expiryDays: 30, ...program },
  });
  const cards: CardRow[] = [];
  for (let index = 0; index < cardCount; index += 1) cards.push(await issueCard({ db, merchantId, programId: saved.id }));
  return { program: saved, cards };
}

/** Ledger invariants, straight from the tables: each should come back empty. */
export async function ledgerInvariantViolations(db: Database) {
  const unbalanced = await db
    .select({ entryId: postings.entryId })
    .from(postings)
    .groupBy(postings.entryId)
    .having(sql`sum(${postings.amount}) <> 0`);
  const staleCache = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .leftJoin(postings, eq(postings.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.kind, 'member'))
    .groupBy(ledgerAccounts.id)
    .having(sql`${ledgerAccounts.balance} <> coalesce(sum(${postings.amount}), 0)`);
  const negativeMembers = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'member'), lt(ledgerAccounts.balance, 0n)));
  const lotsOutOfStep = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .leftJoin(lots, eq(lots.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.kind, 'member'))
    .groupBy(ledgerAccounts.id)
    .having(sql`${ledgerAccounts.balance} <> coalesce(sum(${lots.remaining}), 0)`);
  // An account's history reads one posting per entry, dated as the entry.
  const postingsOutOfStep = await db
    .select({ id: postings.id })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(sql`${postings.occurredAt} <> ${journalEntries.occurredAt}`);
  const repeatedPostings = await db
    .select({ entryId: postings.entryId, accountId: postings.accountId })
    .from(postings)
    .groupBy(postings.entryId, postings.accountId)
    .having(sql`count(*) > 1`);
  return { unbalanced, staleCache, negativeMembers, lotsOutOfStep, postingsOutOfStep, repeatedPostings };
}

export const noViolations = { unbalanced: [], staleCache: [], negativeMembers: [], lotsOutOfStep: [], postingsOutOfStep: [], repeatedPostings: [] };

export function daysAfter(start: Date, days: number): Date {
  return new Date(start.getTime() + days * DAY_MS);
}
