import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LoginType } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import { users } from './users.table.ts';

const loginTypes = ['otp', 'pin', 'sso'] as const satisfies readonly LoginType[];
export const sessionStatuses = ['pending', 'active'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];
/** What a pending session waits for before it becomes active. */
export const pendingReasons = ['create-pin', 'enter-pin', 'reset-pin'] as const;
export type PendingReason = (typeof pendingReasons)[number];

/** A signed-in browser or app: only the SHA-256 of its random token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    loginType: text('login_type', { enum: loginTypes }).notNull(),
    status: text('status', { enum: sessionStatuses }).notNull(),
    pendingReason: text('pending_reason', { enum: pendingReasons }),
    deviceHash: text('device_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** Absolute end; idle expiry is computed from last_seen_at. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    check('sessions_login_type_check', isOneOf(table.loginType, loginTypes)),
    check('sessions_status_check', isOneOf(table.status, sessionStatuses)),
    check('sessions_pending_reason_check', sql`${table.pendingReason} is null or ${isOneOf(table.pendingReason, pendingReasons)}`),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
