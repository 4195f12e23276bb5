import type { Voucher } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { codeEntryLock, guardedAttempt } from '../../modules/attempts/attempt-lock.service.ts';
import { staffOfCodes } from '../../modules/outlets/outlets.service.ts';
import { lockVoucherToRedeem, redeemInStore } from '../../modules/vouchers/redemption.service.ts';
import { getMemberVoucherRow } from '../../modules/vouchers/vouchers.service.ts';
import { getMemberVoucherWithGift } from '../voucher-wallet/voucher-wallet.ts';

export interface CounterRedemption {
  db: Database;
  merchantId: number;
  userId: string;
  voucherId: string;
  outletCode: string;
  cashierCode?: string | undefined;
  /** Keys the outlet and cashier codes (outlets/outlet-code-key.ts). */
  codeKey: string;
  now: Date;
}

/**
 * POST /api/v2/vouchers/{voucherId}/redeem: the cashier types the outlet's code (the outlets
 * module knows it) on the member's phone, and the vouchers module redeems the voucher there. A
 * voucher that cannot be used is refused without counting; a wrong outlet (or cashier) code counts,
 * and the third locks this voucher's redemption for 24 hours. The answer is the voucher as the
 * wallet shows it.
 */
export async function redeemVoucherAtCounter({ db, merchantId, userId, voucherId, outletCode, cashierCode, codeKey, now }: CounterRedemption): Promise<Voucher> {
  const held = await getMemberVoucherRow({ db, merchantId, userId }, voucherId);
  await guardedAttempt({
    db,
    key: { merchantId, scope: 'voucher-redemption', subject: held.id },
    now,
    ...codeEntryLock,
    lockedCode: 'VOUCHER_LOCKED',
    wrong: (attemptsRemaining) => new AppError('VOUCHER_OUTLET_CODE_INVALID', { attemptsRemaining }),
    check: async (tx) => {
      const locked = await lockVoucherToRedeem(tx, { merchantId, voucherId: held.id, now });
      if ('refusal' in locked) return { kind: 'refuse', error: locked.refusal };
      const staff = await staffOfCodes(tx, { merchantId, outletCode, cashierCode, codeKey });
      if (!staff) return { kind: 'wrong' };
      return { kind: 'pass', value: await redeemInStore(tx, { voucher: locked.voucher, outlet: staff.outlet, cashierId: staff.cashier?.id ?? null, channel: 'counter', now }) };
    },
  });
  return getMemberVoucherWithGift({ db, merchantId, userId, voucherId: held.id, now });
}
