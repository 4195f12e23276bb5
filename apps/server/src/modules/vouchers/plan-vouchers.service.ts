import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { deletePlanVoucher, findMerchantPlan, findPlanVouchers, findTemplateOwner, savePlanVoucher } from './plan-vouchers.repository.ts';

/*
 * The e-vouchers a plan brings with every paid period (docs/decisions/025-vouchers.md); the
 * subscription-period-paid use case issues them.
 */

/** The voucher templates a paid period of the plan brings, each with its quantity. */
export async function planVoucherTemplates(db: Database, planId: string): Promise<Array<{ templateId: string; quantity: number }>> {
  return findPlanVouchers(db, planId);
}

/** `kartu plans vouchers`: how many vouchers of a template each paid period of the plan brings; 0 stops them. */
export async function setPlanVouchers({ db, merchantId, planId, templateId, quantity }: { db: Database; merchantId: number; planId: string; templateId: string; quantity: number }): Promise<void> {
  const plan = isUuid(planId) ? await findMerchantPlan(db, { merchantId, planId }) : undefined;
  if (!plan) throw new AppError('SUBSCRIPTION_PLAN_NOT_FOUND');
  const template = isUuid(templateId) ? await findTemplateOwner(db, templateId) : undefined;
  if (!template || template.merchantId !== merchantId) throw new AppError('NOT_FOUND', { message: 'Voucher template not found' });
  if (template.programId !== plan.programId) throw new AppError('VALIDATION_FAILED', { message: "The template belongs to another program than the plan's" });
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > 20) throw new AppError('VALIDATION_FAILED', { message: 'A plan brings 0 to 20 vouchers of a template a period' });
  if (quantity === 0) await deletePlanVoucher(db, { planId: plan.id, templateId });
  else await savePlanVoucher(db, { planId: plan.id, templateId, quantity });
}
