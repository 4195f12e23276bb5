import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { voucherTemplates } from './vouchers.table.ts';
import { subscriptionPlans } from '../subscriptions/subscriptions.table.ts';

/** The e-vouchers every paid period of a plan brings its subscriber (docs/decisions/025-vouchers.md). */
export const subscriptionPlanVouchers = pgTable(
  'subscription_plan_vouchers',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => voucherTemplates.id),
    quantity: integer('quantity').notNull(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.templateId] }), check('subscription_plan_vouchers_quantity_check', sql`${table.quantity} between 1 and 20`)],
);

export type SubscriptionPlanVoucherRow = typeof subscriptionPlanVouchers.$inferSelect;
