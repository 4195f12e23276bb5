

import type { Database } from '../../db/database.ts';


import { isUuid } from '../../db/uuid.ts';


import { AppError } from '../../lib/app-error.ts';




import { isHeldForGift, refusalOfUse } from './gift-hold.ts';


import { merchantDayAt } from '../tenancy/tenancy.service.ts';


import {
  countRedemptionsOn,
  findTemplates,
  findVoucher,
  findVoucherByCode,
  insertRedemption,
  lockRedemption,
  lockRedemptionCount,
  lockVoucher,
  markVoucherUsed,
  setRedemptionVoided,
} from './vouchers.repository.ts';


import type { VoucherRedemptionRow, VoucherRow, VoucherTemplateRow } from './vouchers.table.ts';


import { hashVoucherCode, type VoucherCodeKeys } from './voucher-codes.ts';

import { normaliseCounterCode } from '../../lib/counter-codes.ts';


import { assertMembershipActive } from '../subscriptions/membership.service.ts';



/*
 * Redeeming vouchers in store (business-rules §6; docs/decisions/025-vouchers.md): at the counter
 * on the member's phone with the outlet's code, or by the merchant's till through the integration
 * API. Either way the voucher's row is locked first, so two redemptions of one voucher at the same
 * moment end with exactly one. The outlet (and its codes) is the outlets module's: the
 * redeem-at-counter and till-redemption use cases bring it.
 */

export interface RedemptionPlace {
  id: string;
  name: string;
}

async function dayIn(db: Database, merchantId: number, now: Date): Promise<string> {
  return merchantDayAt(db, { merchantId, now });
}

/** Why this voucher cannot be redeemed in store now, or null when it can. */
async function refusalOf(tx: Database, voucher: VoucherRow, template: VoucherTemplateRow, now: Date): Promise<AppError | null> {
  const unusable = refusalOfUse(voucher, now);
  if (unusable) return unusable;
  if (isHeldForGift(voucher, now)) return new AppError('VOUCHER_GIFTED');
  if (template.giftCardProgramId !== null) return new AppError('VOUCHER_IS_GIFT_CARD');
  if (template.usableAt === 'ecommerce') return new AppError('VOUCHER_ONLINE_ONLY');
  if (template.dailyRedemptionLimit !== null) {
    // Two vouchers of one template redeemed at the same moment (a phone and a till) would each count
    // the other's redemption as not there yet: the member's count of the template is taken in turn.
    await lockRedemptionCount(tx, { userId: voucher.userId, templateId: template.id });
    const used = await countRedemptionsOn(tx, { merchantId: voucher.merchantId, userId: voucher.userId, templateId: template.id, day: await dayIn(tx, voucher.merchantId, now) });
    if (used >= template.dailyRedemptionLimit) return new AppError('VOUCHER_REDEMPTION_LIMIT');
  }
  return null;
}

async function templateOf(db: Database, voucher: VoucherRow): Promise<VoucherTemplateRow> {
  const [template] = await findTemplates(db, [voucher.templateId]);
  if (!template) throw new Error('A voucher without its template');
  return template;
}

/** Marks the locked voucher used at the outlet, with its redemption record. */
export async function redeemInStore(
  tx: Database,
  { voucher, outlet, cashierId, channel, now }: { voucher: VoucherRow; outlet: RedemptionPlace; cashierId: string | null; channel: 'counter' | 'till'; now: Date },
): Promise<VoucherRedemptionRow> {
  await markVoucherUsed(tx, { voucherId: voucher.id, usedAt: now, usedPlace: outlet.name });
  const redemption = await insertRedemption(tx, {
    merchantId: voucher.merchantId,
    voucherId: voucher.id,
    userId: voucher.userId,
    templateId: voucher.templateId,
    outletId: outlet.id,
    cashierId,
    channel,
    redeemedAt: now,
    redeemedOn: await dayIn(tx, voucher.merchantId, now),
  });
  return redemption;
}

/**
 * The voucher locked for a redemption at the counter, or why it cannot be redeemed (refused
 * without counting a code). A closed membership card throws SUBSCRIPTION_NOT_ACTIVE.
 */
export async function lockVoucherToRedeem(tx: Database, { merchantId, voucherId, now }: { merchantId: number; voucherId: string; now: Date }): Promise<{ voucher: VoucherRow } | { refusal: AppError }> {
  const voucher = await lockVoucher(tx, voucherId);
  if (!voucher) return { refusal: new AppError('VOUCHER_NOT_FOUND') };
  const template = await templateOf(tx, voucher);
  const refusal = await refusalOf(tx, voucher, template, now);
  if (refusal) return { refusal };
  // Refused without counting: a code tried on a closed membership card is no guess.
  await assertMembershipActive({ db: tx, merchantId, card: { id: voucher.cardId, programId: template.programId }, now });
  return { voucher };
}

/** A redemption with the voucher and template it used, for the till's answer. */
export async function redemptionFacts(db: Database, redemption: VoucherRedemptionRow): Promise<{ voucher: VoucherRow; template: VoucherTemplateRow }> {
  const voucher = await findVoucher(db, { merchantId: redemption.merchantId, voucherId: redemption.voucherId });
  if (!voucher) throw new Error('A redemption without its voucher');
  return { voucher, template: await templateOf(db, voucher) };
}

/** POST /integration/v1/vouchers/redeem: the till scanned a voucher's code at one of the merchant's outlets. */
export async function redeemScannedCode({ tx, merchantId, code, outlet, keys, now }: { tx: Database; merchantId: number; code: string; outlet: RedemptionPlace; keys: VoucherCodeKeys; now: Date }): Promise<VoucherRedemptionRow> {
  const found = await findVoucherByCode(tx, { merchantId, code: normaliseCounterCode(code), codeHash: hashVoucherCode(code, keys) });
  const voucher = found ? await lockVoucher(tx, found.id) : undefined;
  if (!voucher) throw new AppError('VOUCHER_NOT_FOUND');
  const template = await templateOf(tx, voucher);
  const refusal = await refusalOf(tx, voucher, template, now);
  if (refusal) throw refusal;
  // A closed membership card is closed at the till as at the counter.
  await assertMembershipActive({ db: tx, merchantId, card: { id: voucher.cardId, programId: template.programId }, now });
  return redeemInStore(tx, { voucher, outlet, cashierId: null, channel: 'till', now });
}

/**
 * POST /integration/v1/vouchers/redemptions/{redemptionId}/void: a redemption in store, the same day
 * only; the voucher is usable again. A voucher used on an order stays with the order, which gives it
 * back when it is cancelled or returned.
 */
export async function voidRedemption({ tx, merchantId, redemptionId, now }: { tx: Database; merchantId: number; redemptionId: string; now: Date }): Promise<VoucherRedemptionRow> {
  const redemption = isUuid(redemptionId) ? await lockRedemption(tx, { merchantId, redemptionId }) : undefined;
  if (!redemption) throw new AppError('NOT_FOUND', { message: 'Redemption not found' });
  if (redemption.voidedAt || redemption.redeemedOn !== (await dayIn(tx, merchantId, now))) throw new AppError('VOUCHER_REDEMPTION_NOT_VOIDABLE');
  if (redemption.channel === 'online') throw new AppError('VOUCHER_REDEMPTION_NOT_VOIDABLE', { message: 'This voucher was used on an order: cancelling the order gives it back' });
  const voucher = await lockVoucher(tx, redemption.voucherId);
  if (!voucher) throw new Error('A redemption without its voucher');
  await markVoucherUsed(tx, { voucherId: voucher.id, usedAt: null, usedPlace: null });
  const voided = await setRedemptionVoided(tx, { redemptionId: redemption.id, voidedAt: now });
  return voided;
}
