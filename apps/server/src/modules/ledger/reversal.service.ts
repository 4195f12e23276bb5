import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { findEntry, findPostingsOfEntry, findReversalOf } from './journal.repository.ts';
import type { JournalEntryRow } from './journal.table.ts';
import { lockLedgerAccounts, postEntry } from './ledger.service.ts';

/**
 * Undoes an entry with its negated postings. A reversed spend puts the value back into the lots it
 * came from; a reversed credit takes back its own lot first, then the soonest-expiring value.
 * A reversed earn whose points were already spent is refused with INSUFFICIENT_BALANCE rather than
 * stopping at zero: a partial reversal would leave the books claiming a full one.
 */
export async function reverseEntry({
  db,
  now,
  merchantId,
  entryId,
  reason,
  metadata,
}: {
  db: Database;
  now: Date;
  merchantId: number;
  entryId: string;
  reason?: string;
  /** What the caller knows of why, kept with the entry beside the kind it undid. */
  metadata?: Record<string, unknown>;
}): Promise<JournalEntryRow> {
  try {
    return await db.transaction(async (tx) => {
      const original = isUuid(entryId) ? await findEntry(tx, { merchantId, entryId }) : undefined;
      if (!original) throw new AppError('NOT_FOUND', { message: 'Ledger entry not found' });
      if (original.kind === 'reversal') throw new AppError('UNPROCESSABLE', { message: 'A reversal cannot be reversed' });
      const postings = await findPostingsOfEntry(tx, original.id);
      // Checked after the lock, so a reversal committed meanwhile is seen.
      await lockLedgerAccounts(
        tx,
        postings.map(({ account }) => account.id),
      );
      if (await findReversalOf(tx, original.id)) throw new AppError('CONFLICT', { message: 'This entry is already reversed' });
      return postEntry({
        tx,
        merchantId,
        programId: original.programId,
        kind: 'reversal',
        postings: postings.map(({ posting, account }) => ({ account, amount: -posting.amount })),
        reference: original.reference,
        description: reason ?? null,
        metadata: { ...metadata, reversedKind: original.kind },
        reversesEntryId: original.id,
        now,
      });
    });
  } catch (error) {
    // Two reversals racing past the check meet the unique reverses_entry_id.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { message: 'This entry is already reversed' });
    throw error;
  }
}
