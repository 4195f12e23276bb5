import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { CardView } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { ledgerAccounts } from '../ledger/accounts.table.ts';
import { lots } from '../ledger/lots.table.ts';
import { programLevels, programs, type ProgramLevelRow } from '../programs/programs.table.ts';
import { cards } from './cards.table.ts';

// spec: business-rules §4 — hidden and archived cards leave the wallet; archived wins over hidden.
const viewFilters: Record<CardView, SQL | undefined> = {
  active: and(eq(cards.hidden, false), eq(cards.archived, false)),
  hidden: and(eq(cards.hidden, true), eq(cards.archived, false)),
  archived: eq(cards.archived, true),
};

interface MemberView {
  merchantId: number;
  userId: string;
  view: CardView;
}

function inView({ merchantId, userId, view }: MemberView) {
  return and(eq(cards.merchantId, merchantId), eq(cards.ownerUserId, userId), viewFilters[view]);
}

/** One page of the member's cards in a view, newest first, with what the list shows of each program. */
export async function findMemberCardsPage(db: Database, options: MemberView & { limit: number; offset: number }) {
  return db
    .select({
      card: cards,
      programName: programs.name,
      programType: programs.type,
      unit: programs.unit,
      iconUrl: programs.iconUrl,
    })
    .from(cards)
    .innerJoin(programs, eq(programs.id, cards.programId))
    .where(inView(options))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(options.limit)
    .offset(options.offset);
}

export async function countMemberCards(db: Database, options: MemberView): Promise<number> {
  const [row] = await db.select({ value: count() }).from(cards).where(inView(options));
  return row?.value ?? 0;
}

export interface SpendableBalance {
  spendable: bigint;
  /** When value of the card next expires, so that what it can spend changes; null for never. */
  changesAt: Date | null;
}

/**
 * What each card can spend at `now`, in one query: the cached balance less value past its expiry
 * that the sweep has not moved yet (the same rule as the ledger's getBalance).
 */
export async function findSpendableBalances(
  db: Database,
  { merchantId, cardIds, now }: { merchantId: number; cardIds: string[]; now: Date },
): Promise<Map<string, SpendableBalance>> {
  if (cardIds.length === 0) return new Map();
  // lte() maps the Date through the column, which a raw parameter would not.
  const pastExpiry = and(eq(lots.accountId, ledgerAccounts.id), gt(lots.remaining, 0n), lte(lots.expiresAt, now));
  const expired = sql<string>`coalesce((select sum(${lots.remaining}) from ${lots} where ${pastExpiry}), 0)`;
  const stillToExpire = and(eq(lots.accountId, ledgerAccounts.id), gt(lots.remaining, 0n), gt(lots.expiresAt, now));
  const nextExpiry = sql<string | null>`(select min(${lots.expiresAt}) from ${lots} where ${stillToExpire})`;
  const rows = await db
    .select({ cardId: ledgerAccounts.cardId, balance: ledgerAccounts.balance, expired, nextExpiry })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.kind, 'member'), isNotNull(ledgerAccounts.cardId), inArray(ledgerAccounts.cardId, cardIds)))
    // One named statement per page size (at most a page of cards), planned once per connection.
    .prepare(`spendable_balances_${cardIds.length}`)
    .execute();
  return new Map(
    rows.flatMap((row) =>
      row.cardId ? [[row.cardId, { spendable: row.balance - BigInt(row.expired), changesAt: row.nextExpiry === null ? null : new Date(row.nextExpiry) }] as const] : [],
    ),
  );
}

export async function findLevelsOfPrograms(db: Database, programIds: string[]): Promise<ProgramLevelRow[]> {
  if (programIds.length === 0) return [];
  return db.select().from(programLevels).where(inArray(programLevels.programId, programIds)).orderBy(asc(programLevels.rank));
}
