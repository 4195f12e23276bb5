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

/** One page of the member's cards in a view, newest first, with what the list shows of each program. */
export async function findMemberCardsPage(db: Database, options: MemberView & { limit: number; offset: number }) {
  return db
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
}

export async function countMemberCards(db: Database, options: MemberView): Promise<number> {
  const [row] = await db.select({ value: count() }).from(cards).where(inView(options));
  return row?.value ?? 0;
}

export async function findLevelsOfPrograms(db: Database, programIds: string[]): Promise<ProgramLevelRow[]> {
  if (programIds.length === 0) return [];
  return db.select().from(programLevels).where(inArray(programLevels.programId, programIds)).orderBy(asc(programLevels.rank));
}
