import { and, count, eq, ne, sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../../db/client.ts';
import type { Database } from '../../db/database.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { PermanentJobError, runDueJobs, scheduleRecurringJobs, type JobHandler, type JobWorkerOptions } from './job-worker.ts';
import { enqueueJob, listDeadJobs, retryDeadJob } from './jobs.service.ts';
import { jobs, type JobRow } from './jobs.table.ts';

const onPostgresServer = process.env.KARTU_TEST_DB === 'postgres';

let testApp: TestApp;
useTestApp((made) => ({ testApp } = made));

const quietLog = { info: () => {}, error: () => {} };
// The record of a two-step job's steps, kept by the steps themselves.
const jobSteps = pgTable('job_steps', { jobId: bigint('job_id', { mode: 'bigint' }).notNull(), step: integer('step').notNull() }, (table) => [
  primaryKey({ columns: [table.jobId, table.step] }),
]);
let sequence = 0;
const uniqueName = (name: string) => `${name}-${(sequence += 1)}`;

function worker(handlers: JobHandler[], overrides: Partial<JobWorkerOptions> = {}): JobWorkerOptions {
  return { db: testApp.db, clock: testApp.clock, log: quietLog, handlers, ...overrides };
}

async function jobRow(id: bigint): Promise<JobRow | undefined> {
  const [row] = await testApp.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

async function enqueue(name: string, options: { key?: string; runInMs?: number; maxAttempts?: number; db?: Database } = {}) {
  const now = testApp.clock.now();
  const job = await enqueueJob({ db: options.db ?? testApp.db, name, key: options.key, runAt: new Date(now.getTime() + (options.runInMs ?? 0)), maxAttempts: options.maxAttempts, now });
  if (!job) throw new Error('The job was not queued');
  return job;
}

describe('the job queue', () => {
  it('runs a job once it is due, and queues a key only once', async () => {
    const name = uniqueName('later');
    const runs: unknown[] = [];
    const handler: JobHandler = { name, run: async ({ payload }) => runs.push(payload) };
    const job = await enqueue(name, { key: `${name}-key`, runInMs: 60_000 });
    expect(await enqueueJob({ db: testApp.db, name, key: `${name}-key`, runAt: testApp.clock.now(), now: testApp.clock.now() })).toBeUndefined();

    expect(await runDueJobs(worker([handler]))).toEqual({ claimed: 0, failed: 0 });
    testApp.clock.advance(60_000);
    expect(await runDueJobs(worker([handler]))).toEqual({ claimed: 1, failed: 0 });
    expect(await runDueJobs(worker([handler]))).toEqual({ claimed: 0, failed: 0 });
    expect(runs).toHaveLength(1);
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 1, finishedAt: testApp.clock.now() });
  });

  it('queues nothing when the caller’s transaction rolls back', async () => {
    const name = uniqueName('rolled-back');
    await expect(
      testApp.db.transaction(async (tx) => {
        await enqueue(name, { key: name, db: tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const [row] = await testApp.db.select().from(jobs).where(eq(jobs.key, name));
    expect(row).toBeUndefined();
  });

  it('retries a failing job after 10 s, then 20 s, and keeps it done once it succeeds', async () => {
    const name = uniqueName('flaky');
    let tries = 0;
    const handler: JobHandler = {
      name,
      run: async () => {
        tries += 1;
        if (tries < 3) throw new Error(`provider down (${tries})`);
      },
    };
    const job = await enqueue(name);
    expect(await runDueJobs(worker([handler]))).toEqual({ claimed: 1, failed: 1 });
    expect(await jobRow(job.id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Error: provider down (1)' });
    testApp.clock.advance(9_999);
    expect((await runDueJobs(worker([handler]))).claimed).toBe(0);
    testApp.clock.advance(1);
    expect(await runDueJobs(worker([handler]))).toEqual({ claimed: 1, failed: 1 });
    testApp.clock.advance(20_000);
    expect(await runDueJobs(worker([handler]))).toEqual({ claimed: 1, failed: 0 });
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 3, lastError: null });
    expect(tries).toBe(3);
  });

  it('keeps a job dead with its last error after its last try, until an operator retries it', async () => {
    const name = uniqueName('broken');
    let fixed = false;
    const handler: JobHandler = {
      name,
      retryDelayMs: () => 1000,
      run: async () => {
        if (!fixed) throw new Error('template missing');
      },
    };
    const job = await enqueue(name, { maxAttempts: 2 });
    await runDueJobs(worker([handler]));
    testApp.clock.advance(1000);
    await runDueJobs(worker([handler]));
    expect(await jobRow(job.id)).toMatchObject({ status: 'dead', attempts: 2, lastError: 'Error: template missing' });
    testApp.clock.advance(60 * 60 * 1000);
    expect((await runDueJobs(worker([handler]))).claimed).toBe(0);
    expect((await listDeadJobs({ db: testApp.db })).map((dead) => dead.id)).toContain(job.id);

    fixed = true;
    await retryDeadJob({ db: testApp.db, id: String(job.id), now: testApp.clock.now() });
    expect(await runDueJobs(worker([handler]))).toEqual({ claimed: 1, failed: 0 });
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 1 });
    await expect(retryDeadJob({ db: testApp.db, id: String(job.id), now: testApp.clock.now() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(retryDeadJob({ db: testApp.db, id: 'not-a-number', now: testApp.clock.now() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('never retries a permanent failure', async () => {
    const name = uniqueName('refused');
    const errors: object[] = [];
    const handler: JobHandler = {
      name,
      run: async () => {
        throw new PermanentJobError('the number does not exist');
      },
    };
    const job = await enqueue(name);
    expect(await runDueJobs(worker([handler], { log: { info: () => {}, error: (details) => errors.push(details) } }))).toEqual({ claimed: 1, failed: 1 });
    expect(await jobRow(job.id)).toMatchObject({ status: 'dead', attempts: 1, lastError: 'PermanentJobError: the number does not exist' });
    expect(errors).toEqual([expect.objectContaining({ job: name, willRetry: false })]);
  });

  it('finishes a job whose worker died between its two steps, each step once', async () => {
    const name = uniqueName('two-steps');
    await testApp.db.execute(sql`create table if not exists job_steps (job_id bigint, step int, primary key (job_id, step))`);
    const step = (db: Database, jobId: bigint, number: number) => db.insert(jobSteps).values({ jobId, step: number }).onConflictDoNothing();
    const stepsOf = async (jobId: bigint) => (await testApp.db.select().from(jobSteps).where(eq(jobSteps.jobId, jobId)).orderBy(jobSteps.step)).map((row) => row.step);
    const never = new Promise<void>(() => {});
    let crash = true;
    const handler: JobHandler = {
      name,
      leaseMs: 30_000,
      run: async ({ db, job }) => {
        await step(db, job.id, 1);
        // The first worker dies here, with the first step committed and the job still its own.
        if (crash) await never;
        await step(db, job.id, 2);
      },
    };
    const job = await enqueue(name);
    void runDueJobs(worker([handler]));
    await expect.poll(() => stepsOf(job.id)).toEqual([1]);
    crash = false;

    expect((await runDueJobs(worker([handler]))).claimed).toBe(0);
    testApp.clock.advance(30_000);
    expect(await runDueJobs(worker([handler]))).toEqual({ claimed: 1, failed: 0 });
    expect(await stepsOf(job.id)).toEqual([1, 2]);
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('queues a recurring job once per period, however many workers schedule it', async () => {
    const name = uniqueName('hourly');
    const recurring = [{ name, everyMs: 60 * 60 * 1000 }];
    const now = testApp.clock.now();
    await Promise.all([1, 2, 3].map(() => scheduleRecurringJobs({ db: testApp.db, recurring, now })));
    const count = async () => (await testApp.db.select().from(jobs).where(eq(jobs.name, name))).length;
    expect(await count()).toBe(1);
    testApp.clock.advance(60 * 60 * 1000);
    await scheduleRecurringJobs({ db: testApp.db, recurring, now: testApp.clock.now() });
    expect(await count()).toBe(2);
  });

  describe.skipIf(!onPostgresServer)('on the PostgreSQL server', () => {
    const connections: DatabaseConnection[] = [];
    afterAll(async () => {
      await Promise.all(connections.map((connection) => connection.close()));
    });

    it('runs each of 1,000 jobs exactly once with 4 workers racing for them', async () => {
      const name = uniqueName('race');
      const runs = new Map<string, number>();
      const handler: JobHandler = { name, run: async ({ job }) => void runs.set(String(job.id), (runs.get(String(job.id)) ?? 0) + 1) };
      const now = testApp.clock.now();
      await testApp.db.insert(jobs).values(Array.from({ length: 1000 }, () => ({ name, runAt: now, maxAttempts: 3, createdAt: now })));
      // Four instances: each its own pool of connections to the same database.
      for (let index = 0; index < 4; index += 1) connections.push(await openDatabase({ url: testApp.databaseUrl }));
      const drain = async (db: Database) => {
        let rounds = 0;
        while ((await runDueJobs({ ...worker([handler]), db, batchSize: 10 })).claimed > 0) rounds += 1;
        return rounds;
      };
      const rounds = await Promise.all(connections.map((connection) => drain(connection.db)));
      expect(runs.size).toBe(1000);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(rounds.every((count) => count > 0)).toBe(true);
      const [left] = await testApp.db.select({ value: count() }).from(jobs).where(and(eq(jobs.name, name), ne(jobs.status, 'done')));
      expect(left?.value).toBe(0);
      console.log(`4 workers ran 1,000 jobs, each once; rounds per worker: ${rounds.join(', ')}`);
    }, 60_000);
  });
});
