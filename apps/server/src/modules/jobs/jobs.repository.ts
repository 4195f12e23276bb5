import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { jobs, type JobRow, type NewJobRow } from './jobs.table.ts';

/** Queues a job; undefined when a job with its key exists already. */
export async function insertJobUnlessKeyed(db: Database, row: NewJobRow): Promise<JobRow | undefined> {
  const [saved] = await db.insert(jobs).values(row).onConflictDoNothing().returning();
  return saved;
}

/**
 * Takes up to `limit` jobs that are due, or whose worker's lease ran out, for this worker until
 * `leaseUntil`: each counts one more try. SKIP LOCKED lets workers on several instances claim at
 * the same moment without waiting for each other or ever taking the same job.
 */
export async function claimDueJobs(db: Database, { names, now, leaseUntil, limit }: { names: string[]; now: Date; leaseUntil: Date; limit: number }): Promise<JobRow[]> {
  if (names.length === 0) return [];
  const due = or(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)), and(eq(jobs.status, 'running'), lte(jobs.leaseUntil, now)));
  const claimable = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(due, inArray(jobs.name, names)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, leaseUntil })
    .where(inArray(jobs.id, claimable))
    .returning();
}

/** The claim of a try: only the worker that started try `attempts` may settle it. */
function heldTry({ id, attempts }: Pick<JobRow, 'id' | 'attempts'>) {
  return and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.attempts, attempts));
}

export async function markJobDone(db: Database, job: Pick<JobRow, 'id' | 'attempts'>, now: Date): Promise<void> {
  await db.update(jobs).set({ status: 'done', finishedAt: now, leaseUntil: null, lastError: null }).where(heldTry(job));
}

/** A failed try: queued again at `retryAt`, or dead when there is none. */
export async function markJobFailed(db: Database, job: Pick<JobRow, 'id' | 'attempts'>, { error, retryAt, now }: { error: string; retryAt: Date | null; now: Date }): Promise<void> {
  const next = retryAt ? { status: 'queued' as const, runAt: retryAt } : { status: 'dead' as const, finishedAt: now };
  await db
    .update(jobs)
    .set({ ...next, leaseUntil: null, lastError: error })
    .where(heldTry(job));
}

export async function findDeadJobs(db: Database, { limit }: { limit: number }): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.status, 'dead')).orderBy(desc(jobs.finishedAt), desc(jobs.id)).limit(limit);
}

/** Gives a dead job a fresh set of tries, due at once; undefined when no dead job has this id. */
export async function requeueDeadJob(db: Database, id: bigint, now: Date): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'queued', runAt: now, attempts: 0, finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
    .returning();
  return row;
}

/** Forgets jobs that finished well before `before`; dead ones stay until an operator retries them. */
export async function deleteDoneJobs(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lte(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return deleted.length;
}
