import { AppError } from '../../lib/app-error.ts';
import type { VoucherRow } from './vouchers.table.ts';

export function isHeldForGift(voucher: Pick<VoucherRow, 'giftHeldUntil'>, now: Date): boolean {
  return voucher.giftHeldUntil !== null && voucher.giftHeldUntil.getTime() > now.getTime();
}

/** Why the voucher cannot be used now (given, redeemed, activated), or null when it can; a gift's hold aside. */
export function refusalOfUse(voucher: Pick<VoucherRow, 'status' | 'expiresAt'>, now: Date): AppError | null {
  if (voucher.status === 'used') return new AppError('VOUCHER_ALREADY_USED');
  if (voucher.status !== 'active' || voucher.expiresAt.getTime() <= now.getTime()) return new AppError('VOUCHER_NOT_USABLE');
  return null;
}
