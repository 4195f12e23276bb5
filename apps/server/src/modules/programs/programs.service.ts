import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertImageFor } from '../media/images.service.ts';
import { findProgramLevels, findProgramWithTimeZone, insertProgram, insertProgramLevels, updateProgramCardArt, updateProgramFixedAddress } from './programs.repository.ts';
import type { FixedAddressDetail, NewProgramLevelRow, NewProgramRow, ProgramLevelRow, ProgramRow } from './programs.table.ts';

export interface CreateProgramOptions {
  db: Database;
  program: NewProgramRow;
  levels?: Omit<NewProgramLevelRow, 'programId'>[];
}

/** Creates a program with its levels in one transaction. */
export async function createProgram({ db, program, levels = [] }: CreateProgramOptions): Promise<{ program: ProgramRow; levels: ProgramLevelRow[] }> {
  return db.transaction(async (tx) => {
    const saved = await insertProgram(tx, program);
    const savedLevels = await insertProgramLevels(
      tx,
      levels.map((level) => ({ ...level, programId: saved.id })),
    );
    return { program: saved, levels: savedLevels };
  });
}

/** A program of the merchant, with the merchant's time zone; 404 for another merchant's program. */
export async function getProgram({ db, merchantId, programId }: { db: Database; merchantId: number; programId: string }) {
  const found = await findProgramWithTimeZone(db, { merchantId, programId });
  if (!found) throw new AppError('NOT_FOUND', { message: 'Program not found' });
  return found;
}

export async function getProgramLevels({ db, programId }: { db: Database; programId: string }): Promise<ProgramLevelRow[]> {
  return findProgramLevels(db, programId);
}

/** Delivers every order of the program's cards to this address, or (null) lets members choose; 404 for another merchant's program. */
export async function setProgramFixedAddress({ db, merchantId, programId, fixedAddress }: { db: Database; merchantId: number; programId: string; fixedAddress: FixedAddressDetail | null }): Promise<void> {
  if (!isUuid(programId) || !(await updateProgramFixedAddress(db, { merchantId, programId, fixedAddress }))) throw new AppError('NOT_FOUND', { message: 'Program not found' });
}

/** Draws the program's cards with a stored card-art picture, or with none; 404 for another merchant's program. */
export async function setProgramCardArt({ db, merchantId, programId, imageId }: { db: Database; merchantId: number; programId: string; imageId: string | null }): Promise<void> {
  if (imageId !== null) await assertImageFor(db, { merchantId, imageId, purpose: 'card-art' });
  const updated = await updateProgramCardArt(db, { merchantId, programId, imageId });
  if (!updated) throw new AppError('NOT_FOUND', { message: 'Program not found' });
}
