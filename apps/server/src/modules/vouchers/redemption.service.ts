import type { IntegrationRedemption, Voucher } from '@kartu/contracts';
import { HOUR_MS } from '@kartu/core/calendar';
import { CODE_ENTRY_LOCK_HOURS, CODE_ENTRY_MAX_WRONG_TRIES } from '@kartu/core/constants';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { guardedAttempt } from '../attempts/attempt-lock.service.ts';
import { isHeldForGift } from './voucher-gift-hold.service.ts';
import { findCashierOf, getOutlet, staffOfCodes } from '../outlets/outlets.service.ts';
import type { OutletRow } from '../outlets/outlets.table.ts';
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
import { getMemberVoucher } from './vouchers.service.ts';
import { hashVoucherCode, normaliseVoucherCode, type VoucherCodeKeys } from './voucher-codes.ts';
import { assertMembershipActive } from '../card-access/card-access.service.ts';

/*
 * Redeeming vouchers in store (business-rules §6; docs/decisions/025-vouchers.md): at the counter
 * on the member's phone with the outlet's code, or by the merchant's till through the integration
 * API. Either way the voucher's row is locked first, so two redemptions of one voucher at the same
 * moment end with exactly one.
 */

/** Wrong outlet codes that lock a voucher's redemption, and for how long (business-rules §4). */
const WRONG_CODES_LOCK_AT = CODE_ENTRY_MAX_WRONG_TRIES;
const WRONG_CODES_LOCK_MS = CODE_ENTRY_LOCK_HOURS * HOUR_MS;

async function dayIn(db: Database, merchantId: number, now: Date): Promise<string> {
  return merchantDayAt(db, { merchantId, now });
}

/** Why this voucher cannot be redeemed in store now, or null when it can. */
async function refusalOf(tx: Database, voucher: VoucherRow, template: VoucherTemplateRow, now: Date): Promise<AppError | null> {
  if (voucher.status === 'used') return new AppError('VOUCHER_ALREADY_USED');
  if (voucher.status !== 'active' || voucher.expiresAt.getTime() <= now.getTime()) return new AppError('VOUCHER_NOT_USABLE');
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
async function redeem(tx: Database, { voucher, outlet, cashierId, channel, now }: { voucher: VoucherRow; outlet: OutletRow; cashierId: string | null; channel: 'counter' | 'till'; now: Date }): Promise<VoucherRedemptionRow> {
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
  publishAfterCommit(tx, [changeTags.card(voucher.cardId), changeTags.wallet(voucher.userId)]);
  return redemption;
}

export interface CounterRedemption {
  db: Database;
  merchantId: number;
  userId: string;
  voucherId: string;
  outletCode: string;
  cashierCode?: string | undefined;
  codeKey: string;
  now: Date;
}

/**
 * POST /api/v2/vouchers/{voucherId}/redeem. A voucher that cannot be used is refused without
 * counting; a wrong outlet (or cashier) code counts, and the third locks this voucher for 24 hours.
 */
export async function redeemAtCounter({ db, merchantId, userId, voucherId, outletCode, cashierCode, codeKey, now }: CounterRedemption): Promise<Voucher> {
  const held = isUuid(voucherId) ? await findVoucher(db, { merchantId, voucherId }) : undefined;
  if (!held || held.userId !== userId) throw new AppError('VOUCHER_NOT_FOUND');
  await guardedAttempt({
    db,
    key: { merchantId, scope: 'voucher-redemption', subject: held.id },
    now,
    lockAt: WRONG_CODES_LOCK_AT,
    lockMs: WRONG_CODES_LOCK_MS,
    lockedCode: 'VOUCHER_LOCKED',
    wrong: (attemptsRemaining) => new AppError('VOUCHER_OUTLET_CODE_INVALID', { attemptsRemaining }),
    check: async (tx) => {
      const voucher = await lockVoucher(tx, held.id);
      if (!voucher) return { kind: 'refuse', error: new AppError('VOUCHER_NOT_FOUND') };
      const template = await templateOf(tx, voucher);
      const refusal = await refusalOf(tx, voucher, template, now);
      if (refusal) return { kind: 'refuse', error: refusal };
      // Refused without counting: a code tried on a closed membership card is no guess.
      await assertMembershipActive({ db: tx, merchantId, card: { id: voucher.cardId, programId: template.programId }, now });
      const staff = await staffOfCodes(tx, { merchantId, outletCode, cashierCode, codeKey });
      if (!staff) return { kind: 'wrong' };
      return { kind: 'pass', value: await redeem(tx, { voucher, outlet: staff.outlet, cashierId: staff.cashier?.id ?? null, channel: 'counter', now }) };
    },
  });
  return getMemberVoucher({ db, merchantId, userId, voucherId: held.id, now });
}

async function toIntegrationRedemption(db: Database, redemption: VoucherRedemptionRow): Promise<IntegrationRedemption> {
  const voucher = await findVoucher(db, { merchantId: redemption.merchantId, voucherId: redemption.voucherId });
  if (!voucher) throw new Error('A redemption without its voucher');
  const template = await templateOf(db, voucher);
  const outlet = redemption.outletId ? await getOutlet(db, { merchantId: redemption.merchantId, outletId: redemption.outletId }).catch(() => null) : null;
  const cashier = redemption.cashierId ? await findCashierOf(db, { merchantId: redemption.merchantId, cashierId: redemption.cashierId }) : undefined;
  return {
    id: redemption.id,
    voucher: { id: voucher.id, code: voucher.code, name: template.name, valueText: template.valueText },
    outlet: outlet ? { id: outlet.id, name: outlet.name } : null,
    cashier: cashier ? { id: cashier.id, name: cashier.name } : null,
    channel: redemption.channel,
    redeemedAt: redemption.redeemedAt.toISOString(),
    voidedAt: redemption.voidedAt?.toISOString() ?? null,
  };
}

/** POST /integration/v1/vouchers/redeem: the till scanned a voucher's code at one of the merchant's outlets. */
export async function redeemAtTill({ tx, merchantId, code, outletId, keys, now }: { tx: Database; merchantId: number; code: string; outletId: string; keys: VoucherCodeKeys; now: Date }): Promise<{ data: IntegrationRedemption }> {
  const outlet = await getOutlet(tx, { merchantId, outletId });
  const found = await findVoucherByCode(tx, { merchantId, code: normaliseVoucherCode(code), codeHash: hashVoucherCode(code, keys) });
  const voucher = found ? await lockVoucher(tx, found.id) : undefined;
  if (!voucher) throw new AppError('VOUCHER_NOT_FOUND');
  const refusal = await refusalOf(tx, voucher, await templateOf(tx, voucher), now);
  if (refusal) throw refusal;
  return { data: await toIntegrationRedemption(tx, await redeem(tx, { voucher, outlet, cashierId: null, channel: 'till', now })) };
}

/** POST /integration/v1/vouchers/redemptions/{redemptionId}/void: the same day only; the voucher is usable again. */
export async function voidRedemption({ tx, merchantId, redemptionId, now }: { tx: Database; merchantId: number; redemptionId: string; now: Date }): Promise<{ data: IntegrationRedemption }> {
  const redemption = isUuid(redemptionId) ? await lockRedemption(tx, { merchantId, redemptionId }) : undefined;
  if (!redemption) throw new AppError('NOT_FOUND', { message: 'Redemption not found' });
  if (redemption.voidedAt || redemption.redeemedOn !== (await dayIn(tx, merchantId, now))) throw new AppError('VOUCHER_REDEMPTION_NOT_VOIDABLE');
  const voucher = await lockVoucher(tx, redemption.voucherId);
  if (!voucher) throw new Error('A redemption without its voucher');
  await markVoucherUsed(tx, { voucherId: voucher.id, usedAt: null, usedPlace: null });
  const voided = await setRedemptionVoided(tx, { redemptionId: redemption.id, voidedAt: now });
  publishAfterCommit(tx, [changeTags.card(voucher.cardId), changeTags.wallet(voucher.userId)]);
  return { data: await toIntegrationRedemption(tx, voided) };
}
