import type { Voucher } from '@kartu/contracts';
import { redeemAtCounter, type CounterRedemption } from '../../modules/vouchers/redemption.service.ts';
import { withSentGifts } from '../voucher-wallet/voucher-wallet.ts';

/**
 * POST /api/v2/vouchers/{voucherId}/redeem: the vouchers module redeems it with the outlet's code;
 * the answer is the voucher as the wallet shows it, with the member's latest gift of it.
 */
export async function redeemVoucherAtCounter(options: CounterRedemption): Promise<Voucher> {
  const redeemed = await redeemAtCounter(options);
  const [voucher] = await withSentGifts({ db: options.db, userId: options.userId, vouchers: [redeemed], now: options.now });
  return voucher ?? redeemed;
}
