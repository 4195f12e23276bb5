import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteDoneJobs, findDeadJobs, insertJobUnlessKeyed, requeueDeadJob } from './jobs.repository.ts';
import type { JobRow } from './jobs.table.ts';

export const defaultMaxAttempts = 10;

export interface EnqueueJobOptions {
  /** The caller's transaction, so the job exists exactly when the caller's change does. */
  db: Database;
  name: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** At most one job ever per key: a second enqueue with the same key does nothing. */
  key?: string;
  maxAttempts?: number;
  now: Date;
}

/** Queues a job; answers it, or undefined when its key was queued before. */
export async function enqueueJob({ db, name, payload = {}, runAt, key, maxAttempts = defaultMaxAttempts, now }: EnqueueJobOptions): Promise<JobRow | undefined> {
  return insertJobUnlessKeyed(db, { name, payload, runAt, key: key ?? null, maxAttempts, createdAt: now });
}

/** Jobs that used up their tries, latest first, with the error of their last one. */
export async function listDeadJobs({ db, limit = 100 }: { db: Database; limit?: number }): Promise<JobRow[]> {
  return findDeadJobs(db, { limit });
}

/** Runs a dead job again, with all its tries, as soon as a worker is free. */
export async function retryDeadJob({ db, id, now }: { db: Database; id: string; now: Date }): Promise<JobRow> {
  const job = /^\d{1,18}$/.test(id) ? await requeueDeadJob(db, BigInt(id), now) : undefined;
  if (!job) throw new AppError('NOT_FOUND', { message: 'No dead job has this id' });
  return job;
}

/** Deletes the record of jobs that finished more than `keepMs` ago; answers how many. */
export async function purgeDoneJobs({ db, now, keepMs }: { db: Database; now: Date; keepMs: number }): Promise<number> {
  return deleteDoneJobs(db, new Date(now.getTime() - keepMs));
}
