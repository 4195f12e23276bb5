import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { CardView } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
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

/*
 * The wallet's queries are named prepared statements, planned once per connection: a page that
 * misses every cache spends more planning them than running them (docs/decisions/010-hot-paths.md).
 * A name stands for one SQL text, so it names every shape the text takes: the view's filter, and
 * whether the page has an offset (the first page's query has none).
 */

/** One page of the member's cards in a view, newest first, with what the list shows of each program. */
export async function findMemberCardsPage(db: Database, options: MemberView & { limit: number; offset: number }) {
  const query = db
    .select({
      card: cards,
      programName: programs.name,
      programType: programs.type,
      unit: programs.unit,
      iconUrl: programs.iconUrl,
      cardArtImageId: programs.cardArtImageId,
    })
    .from(cards)
    .innerJoin(programs, eq(programs.id, cards.programId))
    .where(inView(options))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(options.limit)
    .offset(options.offset);
  return query.prepare(`member_cards_page_${options.view}_${options.offset > 0 ? 'later' : 'first'}`).execute();
}

export async function countMemberCards(db: Database, options: MemberView): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(cards)
    .where(inView(options))
    .prepare(`member_cards_count_${options.view}`)
    .execute();
  return row?.value ?? 0;
}

/** Named per number of programs up to a page's worth; a longer list is planned each time. */
const namedProgramsLimit = 20;

export async function findLevelsOfPrograms(db: Database, programIds: string[]): Promise<ProgramLevelRow[]> {
  if (programIds.length === 0) return [];
  const query = db.select().from(programLevels).where(inArray(programLevels.programId, programIds)).orderBy(asc(programLevels.rank));
  return programIds.length <= namedProgramsLimit ? query.prepare(`program_levels_${programIds.length}`).execute() : query;
}
