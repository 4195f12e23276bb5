import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import {
  programLevels,
  programs,
  type FixedAddressDetail,
  type NewProgramLevelRow,
  type NewProgramRow,
  type ProgramLevelRow,
  type ProgramRow,
} from './programs.table.ts';

export async function insertProgram(db: Database, row: NewProgramRow): Promise<ProgramRow> {
  const [saved] = await db.insert(programs).values(row).returning();
  if (!saved) throw new Error('The program was not saved');
  return saved;
}

export async function insertProgramLevels(db: Database, rows: NewProgramLevelRow[]): Promise<ProgramLevelRow[]> {
  if (rows.length === 0) return [];
  return db.insert(programLevels).values(rows).returning();
}

// A malformed id can match no program, and PostgreSQL would reject it as a uuid.
/** A merchant's program with the merchant's time zone, which dates its expiries. */
export async function findProgramWithTimeZone(
  db: Database,
  { merchantId, programId }: { merchantId: number; programId: string },
): Promise<{ program: ProgramRow; timeZone: string } | undefined> {
  if (!isUuid(programId)) return undefined;
  const [row] = await db
    .select({ program: programs, timeZone: merchants.timezone })
    .from(programs)
    .innerJoin(merchants, eq(merchants.id, programs.merchantId))
    .where(and(eq(programs.id, programId), eq(programs.merchantId, merchantId)))
    .limit(1);
  return row;
}

export async function findProgramLevels(db: Database, programId: string): Promise<ProgramLevelRow[]> {
  return db.select().from(programLevels).where(eq(programLevels.programId, programId)).orderBy(asc(programLevels.rank));
}

/** Sets or clears the program's fixed delivery address; false for another merchant's program. */
export async function updateProgramFixedAddress(
  db: Database,
  { merchantId, programId, fixedAddress }: { merchantId: number; programId: string; fixedAddress: FixedAddressDetail | null },
): Promise<boolean> {
  const updated = await db
    .update(programs)
    .set({ fixedAddress })
    .where(and(eq(programs.id, programId), eq(programs.merchantId, merchantId)))
    .returning({ id: programs.id });
  if (updated.length > 0) publishAfterCommit(db, [changeTags.program(programId)]);
  return updated.length > 0;
}

/** Points the program at its card art (or at none); false when the merchant has no such program. */
export async function updateProgramCardArt(db: Database, { merchantId, programId, imageId }: { merchantId: number; programId: string; imageId: string | null }): Promise<boolean> {
  if (!isUuid(programId)) return false;
  const saved = await db
    .update(programs)
    .set({ cardArtImageId: imageId, updatedAt: sql`now()` })
    .where(and(eq(programs.id, programId), eq(programs.merchantId, merchantId)))
    .returning({ id: programs.id });
  // Wallet pages carry their programs' tags: the card art shows on the next request.
  if (saved.length > 0) publishAfterCommit(db, [changeTags.program(programId)]);
  return saved.length > 0;
}
