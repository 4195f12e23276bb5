import { DAY_MS } from '@kartu/core/calendar';
import { and, eq, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { issueCard } from '../cards/cards.service.ts';
import type { CardRow } from '../cards/cards.table.ts';
import { createProgram } from '../programs/programs.service.ts';
import type { NewProgramRow, ProgramRow } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import { ledgerAccounts } from './accounts.table.ts';
import { postings } from './journal.table.ts';
import { lots } from './lots.table.ts';

/** The id of a seeded demo merchant (see db/seed.ts). */
export async function merchantIdOf(db: Database, mid = 'KOPISENJA'): Promise<number> {
  const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.mid, mid));
  if (!row) throw new Error(`The demo merchant ${mid} is not seeded`);
  return row.id;
}

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
  return { unbalanced, staleCache, negativeMembers, lotsOutOfStep };
}

export const noViolations = { unbalanced: [], staleCache: [], negativeMembers: [], lotsOutOfStep: [] };

export function daysAfter(start: Date, days: number): Date {
  return new Date(start.getTime() + days * DAY_MS);
}

/**
 * A test file's app with a seeded merchant's id, made before the file's tests and closed after
 * them; read both inside tests.
 */
export function useMerchantTestApp(mid = 'KOPISENJA'): { readonly testApp: TestApp; readonly merchantId: number } {
  let testApp: TestApp | undefined;
  let merchantId: number | undefined;
  beforeAll(async () => {
    testApp = await createTestApp();
    merchantId = await merchantIdOf(testApp.db, mid);
  });
  afterAll(async () => {
    await testApp?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The test app is made in beforeAll: read it inside a test');
    return value;
  };
  return {
    get testApp() {
      return ready(testApp);
    },
    get merchantId() {
      return ready(merchantId);
    },
  };
}
