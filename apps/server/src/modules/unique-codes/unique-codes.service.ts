import { HOUR_MS } from '@kartu/core/calendar';
import type { UniqueCodeBatch, UniqueCodeBatchBody } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { newCounterCode, normaliseCounterCode } from '../../lib/counter-codes.ts';
import { derivedKey, hashTypedCode } from '../../lib/secret-keys.ts';
import {
  countClaimed,
  findBatch,
  findDueClaims,
  insertBatch,
  insertCodeHashes,
  listBatchesWithClaims,
  lockCodeWithBatch,
  lockUnpaidClaim,
  markCodeClaimed,
  setCodeEntry,
  updateBatchStatus,
} from './unique-codes.repository.ts';
import type { UniqueCodeBatchRow, UniqueCodeRow } from './unique-codes.table.ts';

/*
 * Printed codes (docs/decisions/046-scanning.md): made in batches, answered once and kept only as
 * keyed hashes, each claimed once. The module knows codes and claims; which card earns, and the
 * earn itself, are the claim use case's.
 */

/** The key printed codes are hashed under (lib/secret-keys.ts). */
export function uniqueCodeKeyFor(codeSecret: string | undefined): string {
  return derivedKey(codeSecret, 'unique codes').toString('base64url');
}

export function hashUniqueCode(code: string, key: string): string {
  return hashTypedCode(normaliseCounterCode(code), key);
}

/** Hashes go in a thousand at a time: one statement's parameters stay well under PostgreSQL's limit. */
const INSERT_CHUNK = 1000;

/** Makes a batch and its codes: the codes are answered here and nowhere else. */
export async function createUniqueCodeBatch({
  db,
  merchantId,
  body,
  key,
  now,
}: {
  db: Database;
  merchantId: number;
  body: Required<Omit<UniqueCodeBatchBody, 'points'>> & { points: number };
  key: string;
  now: Date;
}): Promise<{ batch: UniqueCodeBatchRow; codes: string[] }> {
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (endsAt <= startsAt) throw new AppError('VALIDATION_FAILED', { message: 'endsAt must be after startsAt' });
  const batch = await insertBatch(db, {
    merchantId,
    programId: body.programId,
    name: body.name,
    points: BigInt(body.points),
    count: body.count,
    startsAt,
    endsAt,
    rewardDelayHours: body.rewardDelayHours,
    createdAt: now,
  });
  const codes: string[] = [];
  while (codes.length < body.count) {
    const wanted = Math.min(INSERT_CHUNK, body.count - codes.length);
    const fresh = Array.from({ length: wanted }, newCounterCode);
    const byHash = new Map(fresh.map((code) => [hashUniqueCode(code, key), code]));
    // 64 bits a code make a clash all but impossible; one is dropped and drawn again rather than failing the batch.
    const hashes = [...byHash.keys()];
    const inserted = await insertCodeHashes(db, { merchantId, batchId: batch.id, hashes });
    if (inserted === hashes.length) codes.push(...byHash.values());
    else throw new Error('A printed code clashed with one made before; make the batch again');
  }
  return { batch, codes };
}

export type CodeLookup = { code: UniqueCodeRow; batch: UniqueCodeBatchRow };

/** The code with this text at the merchant, its row locked until the caller's transaction ends. */
export async function lockUniqueCode({ db, merchantId, code, key }: { db: Database; merchantId: number; code: string; key: string }): Promise<CodeLookup | undefined> {
  const normalised = normaliseCounterCode(code);
  if (!/^[0-9A-Z]{4,64}$/.test(normalised)) return undefined;
  return lockCodeWithBatch(db, { merchantId, codeHash: hashUniqueCode(normalised, key) });
}

/** spec: business-rules §4 code claim outcomes and §8 code states: why a code that exists cannot be claimed now. */
export function assertClaimable({ code, batch }: CodeLookup, now: Date): void {
  if (code.claimedAt) throw new AppError('CODE_ALREADY_USED');
  if (batch.status === 'suspended') throw new AppError('CODE_SUSPENDED');
  if (now < batch.startsAt) throw new AppError('CODE_INACTIVE');
  if (now >= batch.endsAt) throw new AppError('CODE_EXPIRED');
}

/** Marks the code claimed for this card; its points are due at once or after the batch's delay. */
export async function claimUniqueCode(
  db: Database,
  { lookup, userId, cardId, now }: { lookup: CodeLookup; userId: string; cardId: string; now: Date },
): Promise<UniqueCodeRow> {
  const rewardAt = new Date(now.getTime() + lookup.batch.rewardDelayHours * HOUR_MS);
  const claimed = await markCodeClaimed(db, { merchantId: lookup.code.merchantId, codeHash: lookup.code.codeHash, userId, cardId, claimedAt: now, rewardAt });
  if (!claimed) throw new AppError('CODE_ALREADY_USED');
  return claimed;
}

export async function recordClaimPaid(db: Database, { id, entryId }: { id: string; entryId: string }): Promise<void> {
  await setCodeEntry(db, { id, entryId });
}

/** A claim still to pay, locked; undefined once paid (a job run twice pays once). */
export async function lockClaimToPay(db: Database, id: string): Promise<CodeLookup | undefined> {
  return lockUnpaidClaim(db, id);
}

export async function listDueClaims(db: Database, { now, limit }: { now: Date; limit: number }): Promise<string[]> {
  return findDueClaims(db, { now, limit });
}

export function uniqueCodeBatchOf(batch: UniqueCodeBatchRow, claimed: number): UniqueCodeBatch {
  return {
    id: batch.id,
    programId: batch.programId,
    name: batch.name,
    points: Number(batch.points),
    count: batch.count,
    claimed,
    startsAt: batch.startsAt.toISOString(),
    endsAt: batch.endsAt.toISOString(),
    rewardDelayHours: batch.rewardDelayHours,
    status: batch.status,
    createdAt: batch.createdAt.toISOString(),
  };
}

export async function listUniqueCodeBatches(db: Database, merchantId: number): Promise<UniqueCodeBatch[]> {
  const rows = await listBatchesWithClaims(db, merchantId);
  return rows.map(({ batch, claimed }) => uniqueCodeBatchOf(batch, claimed));
}

/** Suspends a batch (its codes answer CODE_SUSPENDED) or makes it active again. */
export async function setUniqueCodeBatchStatus({ db, merchantId, batchId, status }: { db: Database; merchantId: number; batchId: string; status: UniqueCodeBatch['status'] }): Promise<UniqueCodeBatch> {
  const batch = /^[0-9a-f-]{36}$/i.test(batchId) ? await updateBatchStatus(db, { merchantId, batchId, status }) : undefined;
  if (!batch) throw new AppError('NOT_FOUND', { message: 'No batch of this merchant has this id' });
  return uniqueCodeBatchOf(batch, await countClaimed(db, batch.id));
}

export async function getUniqueCodeBatch({ db, merchantId, batchId }: { db: Database; merchantId: number; batchId: string }): Promise<UniqueCodeBatch> {
  const batch = await findBatch(db, { merchantId, batchId });
  if (!batch) throw new AppError('NOT_FOUND', { message: 'No batch of this merchant has this id' });
  return uniqueCodeBatchOf(batch, await countClaimed(db, batch.id));
}
