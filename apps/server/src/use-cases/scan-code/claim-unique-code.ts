import { codeEntryLock, guardedAttempt } from '../../modules/attempts/attempt-lock.service.ts';
import type { UniqueCodeClaim } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getCard } from '../../modules/card-access/card-access.service.ts';
import { cardPagePath } from '../../modules/card-access/card-pages.ts';
import { leaveMessage } from '../../modules/inbox/inbox.service.ts';
import { enqueueJob } from '../../modules/jobs/jobs.service.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import {
  assertClaimable,
  claimUniqueCode,
  listDueClaims,
  lockClaimToPay,
  recordClaimPaid,
  type CodeLookup,
} from '../../modules/unique-codes/unique-codes.service.ts';
import { lockUniqueCode } from '../../modules/unique-codes/unique-codes.service.ts';
import { queueMissionProgress } from '../mission-progress/mission-progress.ts';
import { cardForCode } from './code-card.ts';

/*
 * A member claims a printed code (business-rules §1 claim unique codes, §4 code claim outcomes):
 * typed on a card's page, or scanned. The claim marks the code's row, then pays the batch's points
 * at once (success) or, for a batch with a delay, from a job at the reward time (pending, 'within 24
 * hours'). docs/decisions/046-scanning.md.
 */

export const payUniqueCodeJobName = 'pay-unique-code';

/** Pays a claim's points once: a second run, or the sweep after the job, finds it paid. */
export async function payUniqueCodeClaim({ db, claimId, now }: { db: Database; claimId: string; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lookup = await lockClaimToPay(tx, claimId);
    const userId = lookup?.code.userId;
    const cardId = lookup?.code.cardId;
    // A member deleted before the points were due: nobody is left to pay.
    if (!lookup || !userId || !cardId) return false;
    const { code, batch } = lookup;
    const card = await getCard({ db: tx, merchantId: code.merchantId, cardId });
    const program = await getProgram({ db: tx, merchantId: code.merchantId, programId: batch.programId });
    const entry = await earn({
      db: tx,
      card,
      program,
      merchantId: code.merchantId,
      amount: batch.points,
      now,
      reference: `unique-code:${code.id}`,
      metadata: { source: 'unique_code', batchId: batch.id, batchName: batch.name },
    });
    await recordClaimPaid(tx, { id: code.id, entryId: entry.id });
    const balance = await getBalance({ db: tx, card, now });
    const facts = { kind: 'points_earned', points: toJsonNumber(batch.points), unit: program.program.unit, balance: toJsonNumber(balance), programName: program.program.name } as const;
    await leaveMessage(tx, { merchantId: code.merchantId, userId, cardId: card.id, facts, link: cardPagePath(card.id), now });
    await queueMissionProgress(tx, { merchantId: code.merchantId, userId, source: `unique-code:${code.id}`, now });
    return true;
  });
}

/** Pays the claims whose time has come that no job paid (a job lost with its database row cannot be). */
export async function payDueUniqueCodes({ db, now }: { db: Database; now: Date }): Promise<number> {
  let paid = 0;
  for (const claimId of await listDueClaims(db, { now, limit: 500 })) if (await payUniqueCodeClaim({ db, claimId, now })) paid += 1;
  return paid;
}

/** Claims a code found and locked in the caller's transaction; pays at once or queues the payment. */
export async function claimFoundCode({
  tx,
  lookup,
  userId,
  cardId,
  now,
}: {
  tx: Database;
  lookup: CodeLookup;
  userId: string;
  cardId?: string | undefined;
  now: Date;
}): Promise<UniqueCodeClaim> {
  assertClaimable(lookup, now);
  const merchantId = lookup.code.merchantId;
  const card = await cardForCode({ db: tx, merchantId, userId, programId: lookup.batch.programId, cardId });
  if (card.status !== 'active') throw new AppError('CARD_NOT_ACTIVE');
  const claim = await claimUniqueCode(tx, { lookup, userId, cardId: card.id, now });
  const rewardAt = claim.rewardAt ?? now;
  const pending = rewardAt > now;
  if (pending) {
    await enqueueJob({ db: tx, name: payUniqueCodeJobName, key: `unique-code:${claim.id}`, payload: { claimId: claim.id }, runAt: rewardAt, now });
  } else {
    await payUniqueCodeClaim({ db: tx, claimId: claim.id, now });
  }
  const { program } = await getProgram({ db: tx, merchantId, programId: lookup.batch.programId });
  return {
    id: claim.id,
    cardId: card.id,
    programName: program.name,
    unit: program.unit,
    points: toJsonNumber(lookup.batch.points),
    status: pending ? 'pending' : 'success',
    rewardAt: rewardAt.toISOString(),
    claimedAt: now.toISOString(),
  };
}

/**
 * A code typed on the card's page: a code that does not exist counts as a wrong one, and the third
 * locks claiming for 24 hours (business-rules §4 wrong code entry); a code that exists but cannot
 * be claimed says why, without counting.
 */
export async function claimTypedCode({
  db,
  merchantId,
  userId,
  cardId,
  code,
  key,
  now,
}: {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
  code: string;
  key: string;
  now: Date;
}): Promise<UniqueCodeClaim> {
  return guardedAttempt<UniqueCodeClaim>({
    db,
    key: { merchantId, scope: 'unique-code', subject: userId },
    now,
    ...codeEntryLock,
    lockedCode: 'CODE_LOCKED',
    wrong: (attemptsRemaining) => new AppError('CODE_INVALID', { attemptsRemaining }),
    check: async (tx) => {
      const lookup = await lockUniqueCode({ db: tx, merchantId, code, key });
      if (!lookup) return { kind: 'wrong' };
      return { kind: 'pass', value: await claimFoundCode({ tx, lookup, userId, cardId, now }) };
    },
  });
}
