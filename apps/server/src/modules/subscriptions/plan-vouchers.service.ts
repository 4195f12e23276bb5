import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { issueVouchersOfTemplates } from '../vouchers/voucher-issuing.service.ts';
import { getVoucherTemplate } from '../vouchers/vouchers.service.ts';
import { deletePlanVoucher, findMerchantPlan, findPlanVouchers, savePlanVoucher } from './plan-vouchers.repository.ts';

/*
 * The e-vouchers a plan brings with every paid period (docs/decisions/025-vouchers.md): issued in
 * the transaction that pays the period, keyed by its charge, so a payment message delivered twice
 * issues them once.
 */

/** Issues the plan's vouchers onto the subscription's card for the period one charge paid. */
export async function issuePlanVouchers(
  tx: Database,
  { merchantId, planId, holder, chargeId, now }: { merchantId: number; planId: string; holder: { userId: string; cardId: string }; chargeId: string; now: Date },
): Promise<void> {
  const templates = await findPlanVouchers(tx, planId);
  if (templates.length === 0) return;
  await issueVouchersOfTemplates(tx, { merchantId, holder, source: { type: 'subscription', id: chargeId }, templates, now });
}

/** `kartu plans vouchers`: how many vouchers of a template each paid period of the plan brings; 0 stops them. */
export async function setPlanVouchers({ db, merchantId, planId, templateId, quantity }: { db: Database; merchantId: number; planId: string; templateId: string; quantity: number }): Promise<void> {
  const plan = isUuid(planId) ? await findMerchantPlan(db, { merchantId, planId }) : undefined;
  if (!plan) throw new AppError('SUBSCRIPTION_PLAN_NOT_FOUND');
  const template = isUuid(templateId) ? await getVoucherTemplate(db, templateId).catch(() => undefined) : undefined;
  if (!template || template.merchantId !== merchantId) throw new AppError('NOT_FOUND', { message: 'Voucher template not found' });
  if (template.programId !== plan.programId) throw new AppError('VALIDATION_FAILED', { message: "The template belongs to another program than the plan's" });
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > 20) throw new AppError('VALIDATION_FAILED', { message: 'A plan brings 0 to 20 vouchers of a template a period' });
  if (quantity === 0) await deletePlanVoucher(db, { planId: plan.id, templateId: template.id });
  else await savePlanVoucher(db, { planId: plan.id, templateId: template.id, quantity });
}
