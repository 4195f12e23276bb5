import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';
import { merchants } from '../tenancy/merchants.table.ts';

export const attemptScopes = ['otp-request', 'otp-verify', 'pin', 'add-card', 'voucher-redemption', 'gift-claim', 'gift-card-charge', 'recipient-lookup', 'store-visit', 'qr-scan', 'unique-code'] as const;
export type AttemptScope = (typeof attemptScopes)[number];

/**
 * Every attempt lock lives here: one row per merchant, scope and subject (a normalised identifier,
 * a user id for the PIN and for adding cards, a voucher id for its redemption codes, a gift id for its PIN). The row is also what concurrent
 * attempts lock on.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: attemptScopes }).notNull(),
    subject: text('subject').notNull(),
    counter: integer('counter').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.scope, table.subject] }),
    check('auth_attempts_scope_check', isOneOf(table.scope, attemptScopes)),
  ],
);

export type AuthAttemptRow = typeof authAttempts.$inferSelect;
