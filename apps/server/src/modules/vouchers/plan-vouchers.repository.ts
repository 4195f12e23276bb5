import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { voucherTemplates } from './vouchers.table.ts';
import { subscriptionPlanVouchers } from './plan-vouchers.table.ts';
import { subscriptionPlans, type SubscriptionPlanRow } from '../subscriptions/subscriptions.table.ts';

export async function findPlanVouchers(db: Database, planId: string): Promise<Array<{ templateId: string; quantity: number }>> {
  return db.select({ templateId: subscriptionPlanVouchers.templateId, quantity: subscriptionPlanVouchers.quantity }).from(subscriptionPlanVouchers).where(eq(subscriptionPlanVouchers.planId, planId));
}

export async function findMerchantPlan(db: Database, { merchantId, planId }: { merchantId: number; planId: string }): Promise<SubscriptionPlanRow | undefined> {
  const [plan] = await db.select().from(subscriptionPlans).where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.merchantId, merchantId))).limit(1);
  return plan;
}

export async function savePlanVoucher(db: Database, { planId, templateId, quantity }: { planId: string; templateId: string; quantity: number }): Promise<void> {
  await db
    .insert(subscriptionPlanVouchers)
    .values({ planId, templateId, quantity })
    .onConflictDoUpdate({ target: [subscriptionPlanVouchers.planId, subscriptionPlanVouchers.templateId], set: { quantity } });
}

export async function deletePlanVoucher(db: Database, { planId, templateId }: { planId: string; templateId: string }): Promise<void> {
  await db.delete(subscriptionPlanVouchers).where(and(eq(subscriptionPlanVouchers.planId, planId), eq(subscriptionPlanVouchers.templateId, templateId)));
}

/** The merchant and program of a voucher template, to check a plan may bring it. */
export async function findTemplateOwner(db: Database, templateId: string): Promise<{ merchantId: number; programId: string } | undefined> {
  const [template] = await db.select({ merchantId: voucherTemplates.merchantId, programId: voucherTemplates.programId }).from(voucherTemplates).where(eq(voucherTemplates.id, templateId)).limit(1);
  return template;
}
