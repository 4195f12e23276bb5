import type { CheckoutVoucher } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { isHeldForGift } from './gift-hold.ts';
import { findStandingOnlineRedemption, findTemplates, findVoucher, insertRedemption, lockVoucher, markVoucherUsed, setRedemptionVoided } from './vouchers.repository.ts';
import type { VoucherRow } from './vouchers.table.ts';

/*
 * E-vouchers at the shop's checkout (docs/decisions/025-vouchers.md): a voucher for online orders
 * takes its discount off the whole order once the order reaches its minimum transaction
 * (business-rules §5), is used by the order that applies it, and comes back if that order fails,
 * is cancelled or is returned.
 */

export interface AppliedVoucher {
  answer: CheckoutVoucher;
  discountPoints: bigint;
  discountMinor: bigint;
  voucher: VoucherRow | null;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** What the member's voucher takes off an order of `order` (points and money), or why it takes nothing. */
export async function applyVoucherAtCheckout(
  db: Database,
  { merchantId, userId, programId, voucherId, order, now }: { merchantId: number; userId: string; programId: string; voucherId: string; order: { points: bigint; money: bigint }; now: Date },
): Promise<AppliedVoucher> {
  const voucher = isUuid(voucherId) ? await findVoucher(db, { merchantId, voucherId }) : undefined;
  const [template] = voucher ? await findTemplates(db, [voucher.templateId]) : [];
  const mine = voucher && template && voucher.userId === userId && template.programId === programId;
  const minimum = { points: template?.minimumPoints == null ? null : toJsonNumber(template.minimumPoints), money: template?.minimumMinor == null ? null : toJsonNumber(template.minimumMinor) };
  const refused = (problem: NonNullable<CheckoutVoucher['problem']>): AppliedVoucher => ({
    answer: { voucherId, name: mine ? template.name : '', minimum, discount: null, problem },
    discountPoints: 0n,
    discountMinor: 0n,
    voucher: null,
  });
  if (!mine) return refused('not_found');
  // A voucher held by a pending gift is not the member's to spend until the gift is taken back.
  if (voucher.status !== 'active' || voucher.expiresAt.getTime() <= now.getTime() || isHeldForGift(voucher, now)) return refused('not_usable');
  if (template.usableAt === 'in_store') return refused('in_store_only');
  if (template.discountKind === null || template.discountValue === null) return refused('no_discount');
  if ((template.minimumPoints !== null && order.points < template.minimumPoints) || (template.minimumMinor !== null && order.money < template.minimumMinor)) return refused('minimum_not_met');
  const value = template.discountValue;
  const discountPoints = template.discountKind === 'percent' ? (order.points * value) / 10_000n : template.discountKind === 'points' ? min(value, order.points) : 0n;
  const discountMinor = template.discountKind === 'percent' ? (order.money * value) / 10_000n : template.discountKind === 'money' ? min(value, order.money) : 0n;
  const code = voucher.code ?? template.name;
  return {
    answer: { voucherId, name: template.name, minimum, discount: { code, points: toJsonNumber(discountPoints), money: toJsonNumber(discountMinor) }, problem: null },
    discountPoints,
    discountMinor,
    voucher,
  };
}

const refusals: Record<NonNullable<CheckoutVoucher['problem']>, string> = {
  not_found: 'This voucher does not exist',
  not_usable: 'e-Voucher is already expired or deleted.',
  in_store_only: 'This e-Voucher can only be used in store',
  no_discount: 'This e-Voucher takes nothing off an order',
  minimum_not_met: 'Your order does not reach the minimum transaction for this e-Voucher',
};

export function voucherRefusal(answer: CheckoutVoucher): AppError {
  const problem = answer.problem ?? 'not_found';
  return new AppError('VOUCHER_NOT_APPLICABLE', { message: refusals[problem], details: [{ field: 'body.voucherId', rule: problem, message: refusals[problem] }] });
}

/** The order that applied the voucher uses it, in the order's transaction. */
export async function useVoucherForOrder(tx: Database, { voucher, orderId, now, day }: { voucher: VoucherRow; orderId: string; now: Date; day: string }): Promise<void> {
  const locked = await lockVoucher(tx, voucher.id);
  if (!locked || locked.status !== 'active') throw new AppError('VOUCHER_NOT_APPLICABLE', { message: refusals.not_usable });
  if (isHeldForGift(locked, now)) throw new AppError('VOUCHER_GIFTED');
  await markVoucherUsed(tx, { voucherId: locked.id, usedAt: now, usedPlace: 'Online order' });
  await insertRedemption(tx, { merchantId: locked.merchantId, voucherId: locked.id, userId: locked.userId, templateId: locked.templateId, channel: 'online', orderId, redeemedAt: now, redeemedOn: day });
}

/** An order that did not go through gives its voucher back, usable again. */
export async function giveBackVoucherOfOrder(tx: Database, { orderId, now }: { orderId: string; now: Date }): Promise<void> {
  const redemption = await findStandingOnlineRedemption(tx, orderId);
  if (!redemption) return;
  await setRedemptionVoided(tx, { redemptionId: redemption.id, voidedAt: now });
  await markVoucherUsed(tx, { voucherId: redemption.voucherId, usedAt: null, usedPlace: null });
}
