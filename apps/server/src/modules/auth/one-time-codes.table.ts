import { index, integer, pgTable, text, timestamp, uuid, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { OtpPurpose } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { merchants } from '../tenancy/merchants.table.ts';

const purposes = ['login', 'reset-pin', 'register-phone'] as const satisfies readonly OtpPurpose[];

/** One-time codes sent to a phone or e-mail; only a keyed hash of the code is kept. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** E.164 phone or lower-case e-mail. */
    identifier: text('identifier').notNull(),
    purpose: text('purpose', { enum: purposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    /**
     * The device that asked for the code (the hash of its x-device-id); null for a client that sent
     * none. Only that device can spend attempts on the code, so a stranger cannot lock a member out.
     */
    deviceHash: text('device_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when a newer code for the same identifier and purpose was sent. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('one_time_codes_lookup_idx').on(table.merchantId, table.identifier, table.purpose, table.createdAt),
    check('one_time_codes_purpose_check', isOneOf(table.purpose, purposes)),
  ],
);

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
