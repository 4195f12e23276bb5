import type { VoucherGift, VoucherGiftStatus } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { maskRecipientPhone } from '@kartu/core/masking';
import { findGiftsOfVouchers, findStoredPendingGift } from './gifts.repository.ts';
import type { VoucherGiftRow } from './gifts.table.ts';

/*
 * Gifts as the vouchers module and the sender read them (docs/decisions/026-voucher-gifts.md). Only
 * the gifts module's own tables are read here, so the vouchers module may call in without a cycle.
 */

/** A pending gift past its expiry is returned, whether or not the job has written it down yet. */
export function giftStatusAt(row: Pick<VoucherGiftRow, 'status' | 'expiresAt'>, now: Date): VoucherGiftStatus {
  return row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'returned' : row.status;
}

/** The sender's view of a gift; the link only when the caller could open it and the gift is pending. */
export function toVoucherGift(row: VoucherGiftRow, now: Date, linkPath: string | null = null): VoucherGift {
  const status = giftStatusAt(row, now);
  return {
    id: row.id,
    status,
    linkPath: status === 'pending' ? linkPath : null,
    recipientPhone: maskRecipientPhone(row.recipientPhone, row.recipientDialCode),
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    returnedAt: (row.returnedAt ?? (status === 'returned' ? row.expiresAt : null))?.toISOString() ?? null,
  };
}

/** The latest gift each voucher's holder made of it, by voucher id (the link is read through GET …/gift). */
export async function giftsSentOf({ db, vouchers, now }: { db: Database; vouchers: readonly { id: string; userId: string }[]; now: Date }): Promise<Map<string, VoucherGift>> {
  const holders = new Map(vouchers.map((voucher) => [voucher.id, voucher.userId]));
  const gifts = new Map<string, VoucherGift>();
  for (const row of await findGiftsOfVouchers(db, [...holders.keys()])) {
    if (!gifts.has(row.voucherId) && holders.get(row.voucherId) === row.senderUserId) gifts.set(row.voucherId, toVoucherGift(row, now));
  }
  return gifts;
}

/** Whether a pending gift holds the voucher: it cannot be redeemed or used at checkout meanwhile. */
export async function isVoucherGifted(db: Database, { voucherId, now }: { voucherId: string; now: Date }): Promise<boolean> {
  const pending = await findStoredPendingGift(db, voucherId);
  return pending !== undefined && giftStatusAt(pending, now) === 'pending';
}
