import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CardView } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isAnyOf, preparedStatement } from '../../db/prepared-statement.ts';
import { programLevels, programs, type ProgramLevelRow, type ProgramRow } from '../programs/programs.table.ts';
import { cards, type CardRow } from '../card-access/cards.table.ts';

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

/*
 * The wallet's queries are prepared statements built once (db/prepared-statement.ts): a page that
 * misses every cache spent more building and planning them than running them
 * (docs/decisions/010-hot-paths.md). A name stands for one SQL text, one per view's filter.
 */

interface PageValues extends Record<string, unknown> {
  merchantId: number;
  userId: string;
  limit: number;
  offset: number;
}

const cardsPageOf = (view: CardView) =>
  preparedStatement<PageValues, Array<CardPageRow & { total: number }>>((db) =>
    db
      .select({
        card: cards,
        programName: programs.name,
        programType: programs.type,
        unit: programs.unit,
        iconUrl: programs.iconUrl,
        cardArtImageId: programs.cardArtImageId,
        // Counted before the limit applies: the page carries the size of the whole view.
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(cards)
      .innerJoin(programs, eq(programs.id, cards.programId))
      .where(and(eq(cards.merchantId, sql.placeholder('merchantId')), eq(cards.ownerUserId, sql.placeholder('userId')), viewFilters[view]))
      .orderBy(desc(cards.createdAt), desc(cards.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`member_cards_page_${view}`),
  );
const cardsPages: Record<CardView, ReturnType<typeof cardsPageOf>> = { active: cardsPageOf('active'), hidden: cardsPageOf('hidden'), archived: cardsPageOf('archived') };

export interface CardPageRow {
  card: CardRow;
  programName: string;
  programType: ProgramRow['type'];
  unit: ProgramRow['unit'];
  iconUrl: string | null;
  cardArtImageId: string | null;
}

/**
 * One page of the member's cards in a view, newest first, with what the list shows of each
 * program, and how many cards the view holds in all: one query, unless the page lies past the end.
 */
export async function findMemberCardsPage(db: Database, options: MemberView & { limit: number; offset: number }): Promise<{ rows: CardPageRow[]; total: number }> {
  const { merchantId, userId, limit, offset } = options;
  const found = await cardsPages[options.view](db, { merchantId, userId, limit, offset });
  const total = found[0]?.total ?? (offset > 0 ? await countMemberCards(db, options) : 0);
  return { rows: found.map(({ total: _total, ...row }) => row), total };
}

export async function countMemberCards(db: Database, options: MemberView): Promise<number> {
  const [row] = await db.select({ value: count() }).from(cards).where(inView(options));
  return row?.value ?? 0;
}

const levelsOfPrograms = preparedStatement<{ programIds: string[] }, ProgramLevelRow[]>((db) =>
  db.select().from(programLevels).where(isAnyOf(programLevels.programId, 'programIds', 'uuid')).orderBy(asc(programLevels.rank)).prepare('levels_of_programs'),
);

export async function findLevelsOfPrograms(db: Database, programIds: string[]): Promise<ProgramLevelRow[]> {
  if (programIds.length === 0) return [];
  return levelsOfPrograms(db, { programIds });
}
