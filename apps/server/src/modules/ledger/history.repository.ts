import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { journalEntries } from './journal.table.ts';

/** What a history shows of the entries its reversals undid. */
export async function findReversedEntries(db: Database, entryIds: string[]) {
  if (entryIds.length === 0) return [];
  return db
    .select({
      id: journalEntries.id,
      kind: journalEntries.kind,
      reference: journalEntries.reference,
      description: journalEntries.description,
      metadata: journalEntries.metadata,
    })
    .from(journalEntries)
    .where(inArray(journalEntries.id, entryIds));
}
