import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

// spec: business-rules §4 — card states
export const cardStatuses = ['active', 'inactive', 'suspended', 'expired'] as const;
export type CardStatus = (typeof cardStatuses)[number];

/** A loyalty card of a program: issued first, then added to a member's wallet. */
export const cards = pgTable(
  'cards',
  {
    // spec: app-core §5 — card pages are addressed by a 24-character lowercase alphanumeric id
    id: char('id', { length: 24 }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    // spec: business-rules §5 — 16 digits; unique across merchants so a typed number finds one card
    number: char('number', { length: 16 }).notNull().unique(),
    /** HMAC of the activation code with a server secret; null when the card needs none. */
    activationCodeHash: text('activation_code_hash'),
    status: text('status', { enum: cardStatuses }).notNull().default('active'),
    validTill: date('valid_till', { mode: 'string' }),
    /** Null while the card is issued but not yet in anyone's wallet. */
    // A deleted account leaves its cards (and their ledger history) behind as unowned.
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    hidden: boolean('hidden').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    /** Answers to the program's registration form. */
    registeredData: jsonb('registered_data').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cards_merchant_owner_idx').on(table.merchantId, table.ownerUserId),
    index('cards_program_id_idx').on(table.programId),
    check('cards_id_check', sql`${table.id} ~ '^[0-9a-z]{24}$'`),
    check('cards_number_check', sql`${table.number} ~ '^[0-9]{16}$'`),
    check('cards_status_check', isOneOf(table.status, cardStatuses)),
  ],
);

export type CardRow = typeof cards.$inferSelect;
export type NewCardRow = typeof cards.$inferInsert;
