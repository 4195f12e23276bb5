import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { claimDueJobs, markJobDone, markJobFailed } from './jobs.repository.ts';
import { enqueueJob } from './jobs.service.ts';
import type { JobRow } from './jobs.table.ts';

export interface JobContext {
  db: Database;
  now: Date;
  payload: Record<string, unknown>;
  job: JobRow;
  log: JobLog;
}

/** The code behind one job name. It may run more than once for a job (a worker that died mid-run): make it idempotent. */
export interface JobHandler {
  name: string;
  run(context: JobContext): Promise<unknown>;
  /** The wait before the next try, after `attempts` tries failed. */
  retryDelayMs?(attempts: number): number;
  /** How long one run may take before another worker takes the job for abandoned. */
  leaseMs?: number;
}

/** A job queued again every `everyMs`, once per period however many instances run a worker. */
export interface RecurringJob {
  name: string;
  everyMs: number;
  maxAttempts?: number;
}

/** A failure no retry can mend (an address the provider refuses for good): the job is dead at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobWorkerOptions {
  db: Database;
  clock: Clock;
  log: JobLog;
  handlers: readonly JobHandler[];
  recurring?: readonly RecurringJob[];
  /** Jobs one round claims and runs side by side. */
  batchSize?: number;
}

const defaultLeaseMs = 2 * 60 * 1000;
const retryBaseMs = 10_000;
const retryCapMs = 60 * 60 * 1000;

/** 10 s, 20 s, 40 s … doubling up to an hour. */
export function exponentialRetryDelayMs(attempts: number): number {
  return Math.min(retryCapMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

// Errors are stored and logged by message only: a job's payload may hold an address or a name.
function describe(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);
}

/** The period a recurring job is due for at `now`, as the key and time of its job. */
function recurringSlot({ name, everyMs }: RecurringJob, now: Date): { key: string; runAt: Date } {
  const runAt = new Date(Math.floor(now.getTime() / everyMs) * everyMs);
  return { key: `${name}@${runAt.toISOString()}`, runAt };
}

/** Queues the current period's run of each recurring job that is not queued yet. */
export async function scheduleRecurringJobs({ db, recurring, now }: { db: Database; recurring: readonly RecurringJob[]; now: Date }): Promise<void> {
  for (const job of recurring) {
    const { key, runAt } = recurringSlot(job, now);
    await enqueueJob({ db, name: job.name, key, runAt, maxAttempts: job.maxAttempts ?? 3, now });
  }
}

async function runClaimed(job: JobRow, handler: JobHandler, { db, clock, log }: Pick<JobWorkerOptions, 'db' | 'clock' | 'log'>): Promise<'done' | 'failed'> {
  const fail = async (error: unknown, retry: boolean) => {
    const now = clock.now();
    const retryAt = retry && job.attempts < job.maxAttempts ? new Date(now.getTime() + (handler.retryDelayMs ?? exponentialRetryDelayMs)(job.attempts)) : null;
    await markJobFailed(db, job, { error: describe(error), retryAt, now });
    log.error({ job: job.name, jobId: String(job.id), attempt: job.attempts, willRetry: retryAt !== null, err: describe(error) }, `job ${job.name} failed`);
    return 'failed' as const;
  };
  // A worker that died holding this job may have used up its last try.
  if (job.attempts > job.maxAttempts) return fail(new Error('Abandoned by its worker on the last try'), false);
  try {
    await handler.run({ db, now: clock.now(), payload: job.payload, job, log });
  } catch (error) {
    return fail(error, !(error instanceof PermanentJobError));
  }
  await markJobDone(db, job, clock.now());
  return 'done';
}

/**
 * One round of a worker: claims up to `batchSize` due jobs of the names it knows and runs them.
 * Answers what it ran; a full batch means more may be due.
 */
export async function runDueJobs(options: JobWorkerOptions): Promise<{ claimed: number; failed: number }> {
  const { db, clock, handlers, batchSize = 5 } = options;
  const byName = new Map(handlers.map((handler) => [handler.name, handler]));
  const now = clock.now();
  const leaseMs = handlers.reduce((longest, handler) => Math.max(longest, handler.leaseMs ?? defaultLeaseMs), 0);
  const claimed = await claimDueJobs(db, { names: [...byName.keys()], now, leaseUntil: new Date(now.getTime() + leaseMs), limit: batchSize });
  const outcomes = await Promise.all(
    claimed.map((job) => {
      const handler = byName.get(job.name);
      if (!handler) throw new Error(`No handler for job ${job.name}`);
      return runClaimed(job, handler, options);
    }),
  );
  return { claimed: claimed.length, failed: outcomes.filter((outcome) => outcome === 'failed').length };
}

export interface JobWorker {
  /** Finishes the round under way, then runs nothing more. */
  stop(): Promise<void>;
}

/**
 * Runs due jobs until stopped: a round right away, the next one at once while rounds come back
 * full, else after `pollMs`. Recurring jobs are queued for each new period first.
 */
export function startJobWorker(options: JobWorkerOptions & { pollMs?: number }): JobWorker {
  const { pollMs = 1000, recurring = [], log } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  const scheduled = new Map<string, string>();

  async function queueRecurring(): Promise<void> {
    const now = options.clock.now();
    const due = recurring.filter((job) => scheduled.get(job.name) !== recurringSlot(job, now).key);
    if (due.length === 0) return;
    await scheduleRecurringJobs({ db: options.db, recurring: due, now });
    for (const job of due) scheduled.set(job.name, recurringSlot(job, now).key);
  }

  async function runRound(): Promise<boolean> {
    try {
      await queueRecurring();
      const { claimed } = await runDueJobs(options);
      return claimed === (options.batchSize ?? 5);
    } catch (error) {
      // The database may be away for a moment: the jobs wait in their table, so try again later.
      log.error({ err: describe(error) }, 'the job worker could not run a round');
      return false;
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      round = runRound().then((more) => schedule(more ? 0 : pollMs));
    }, delayMs);
    // A pending round never keeps the process alive on its own.
    timer.unref();
  }

  schedule(0);
  log.info({ handlers: options.handlers.map((handler) => handler.name), recurring: recurring.map(({ name, everyMs }) => ({ name, everyMs })) }, 'job worker started');
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
