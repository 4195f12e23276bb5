import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { giveVoucher } from './voucher-issuing.service.ts';
import { setGiftHold } from './vouchers.repository.ts';
import { getVoucherTemplate, lockMemberVoucher, lockVoucherOf } from './vouchers.service.ts';
import type { VoucherRow, VoucherTemplateRow } from './vouchers.table.ts';
import { isHeldForGift, refusalOfUse } from './gift-hold.ts';

/*
 * A voucher given as a gift (docs/decisions/026-voucher-gifts.md), as the voucher knows it: held
 * until the gift's expiry, so it cannot be used, redeemed or given again meanwhile; the hold ends
 * when the sender takes the gift back, when the friend claims it (the voucher moves) or at its time.
 */

/**
 * The member's usable voucher, locked for the gift's transaction: the lock orders the gift with a
 * redemption or a checkout of the same voucher. Refused when it is not theirs or cannot be used.
 */
export async function lockVoucherToGive(tx: Database, { merchantId, userId, voucherId, now }: { merchantId: number; userId: string; voucherId: string; now: Date }): Promise<{ voucher: VoucherRow; template: VoucherTemplateRow }> {
  const voucher = await lockMemberVoucher(tx, { merchantId, userId, voucherId });
  const refusal = refusalOfUse(voucher, now);
  if (refusal) throw refusal;
  return { voucher, template: await getVoucherTemplate(tx, voucher.templateId) };
}

/** Holds the locked voucher for a gift until `until`; VOUCHER_GIFTED when another gift holds it. */
export async function holdVoucherForGift(tx: Database, { voucher, until, now }: { voucher: VoucherRow; until: Date; now: Date }): Promise<void> {
  if (isHeldForGift(voucher, now)) throw new AppError('VOUCHER_GIFTED');
  await setGiftHold(tx, { voucherId: voucher.id, until });
}

/** The gift was taken back: the voucher is its holder's to use again. */
export async function releaseGiftHold(tx: Database, { merchantId, voucherId }: { merchantId: number; voucherId: string }): Promise<void> {
  const voucher = await lockVoucherOf(tx, { merchantId, voucherId });
  if (!voucher) return;
  await setGiftHold(tx, { voucherId: voucher.id, until: null });
}

/**
 * Moves a gifted voucher from its sender onto the friend's card (under a new code, the hold ended);
 * null when it is no longer the sender's or can no longer be used.
 */
export async function giveGiftedVoucher(
  tx: Database,
  { merchantId, voucherId, fromUserId, to, now }: { merchantId: number; voucherId: string; fromUserId: string; to: { userId: string; cardId: string }; now: Date },
): Promise<VoucherRow | null> {
  const voucher = await lockVoucherOf(tx, { merchantId, voucherId });
  if (!voucher || voucher.userId !== fromUserId || refusalOfUse(voucher, now)) return null;
  return giveVoucher(tx, { voucher, template: await getVoucherTemplate(tx, voucher.templateId), to, now });
}
