import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';

// queued: waits for its time; running: a worker holds its lease; done; dead: no tries left (kept, with the error).
export const jobStatuses = ['queued', 'running', 'done', 'dead'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Work that must survive a restart, run by whichever instance's worker claims it first (docs/decisions/012-background-work.md). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The handler that runs it, e.g. `outbox.deliver`. */
    name: text('name').notNull(),
    /** A job is queued at most once per key, whatever became of the first one. */
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    /** Not before this time; after a failure, when the next try is due. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Tries started so far, the one under way included. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** While running: past this time the worker is taken for dead and another may run the job again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_key_unique').on(table.key),
    // What a worker looks for: due queued jobs and expired leases.
    index('jobs_due_idx').on(table.status, table.runAt).where(sql`${table.status} in ('queued', 'running')`),
    check('jobs_status_check', isOneOf(table.status, jobStatuses)),
    check('jobs_attempts_check', sql`${table.attempts} >= 0 and ${table.maxAttempts} >= 1`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;
