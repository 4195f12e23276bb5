import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';
import { merchants } from '../tenancy/merchants.table.ts';

export const idempotencyStatuses = ['in_flight', 'done'] as const;

/** The first answer to each retried write, so a retry gets the same answer instead of a second effect. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The operation the key belongs to, e.g. `integration.redeem`: keys of different calls never meet. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the canonical JSON of the request body. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: idempotencyStatuses }).notNull().default('in_flight'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [table.merchantId, table.scope, table.key] }),
    check('idempotency_keys_status_check', isOneOf(table.status, idempotencyStatuses)),
    check('idempotency_keys_done_check', sql`${table.status} = 'in_flight' or ${table.responseStatus} is not null`),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
