import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../db/client.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';

export interface JobContext {
  db: Database;
  now: Date;
}

/** Work the server repeats on its own, e.g. the expiry sweep. Must be safe to run again. */
export interface Job {
  name: string;
  intervalMs: number;
  run(context: JobContext): Promise<unknown>;
}

export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export type JobOutcome = 'ran' | 'skipped' | 'failed';

export interface JobRunOptions {
  connection: Pick<DatabaseConnection, 'kind' | 'db'>;
  clock: Clock;
  log: JobLog;
}

/**
 * Runs a job once. On PostgreSQL it first takes a transaction-scoped advisory lock named after the
 * job, so of several server instances only one runs it at a time; the others skip this turn. The
 * lock's transaction only holds the lock: the job works through the pool in its own short
 * transactions, so it never keeps member rows locked for the whole run. PGlite is one process.
 * Errors are logged, never thrown.
 */
export async function runJobOnce(job: Job, { connection, clock, log }: JobRunOptions): Promise<JobOutcome> {
  const context = { db: connection.db, now: clock.now() };
  try {
    if (connection.kind === 'pglite') {
      await job.run(context);
      return 'ran';
    }
    return await connection.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${job.name})) as locked`);
      if (!rows[0]?.locked) return 'skipped';
      await job.run(context);
      return 'ran';
    });
  } catch (error) {
    log.error({ err: error, job: job.name }, `background job ${job.name} failed`);
    return 'failed';
  }
}

export interface JobRunner {
  /** Waits for runs under way, then runs nothing more. */
  stop(): Promise<void>;
}

/**
 * Runs each job right away and then every `intervalMs` after the previous run ended, so a slow run
 * never overlaps the next one of the same job.
 */
export function startJobRunner(jobs: Job[], options: JobRunOptions): JobRunner {
  let stopped = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();

  function schedule(job: Job, delayMs: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      const run = runJobOnce(job, options).finally(() => {
        running.delete(run);
        schedule(job, job.intervalMs);
      });
      running.add(run);
    }, delayMs);
    // A pending run never keeps the process alive on its own.
    timer.unref();
    timers.set(job.name, timer);
  }

  for (const job of jobs) schedule(job, 0);
  options.log.info({ jobs: jobs.map(({ name, intervalMs }) => ({ name, intervalMs })) }, 'background jobs started');
  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
