import type { VoucherRow } from './vouchers.table.ts';

/** Whether a gift holds the voucher now. */
export function isHeldForGift(voucher: Pick<VoucherRow, 'giftHeldUntil'>, now: Date): boolean {
  return voucher.giftHeldUntil !== null && voucher.giftHeldUntil.getTime() > now.getTime();
}
