import type { VoucherGift, VoucherGiftStatus } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { maskRecipientPhone } from '@kartu/core/masking';
import { findGiftsOfVouchers } from './gifts.repository.ts';
import type { VoucherGiftRow } from './gifts.table.ts';

/* Gifts as their sender reads them (docs/decisions/026-voucher-gifts.md), and the status each has now. */

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

/** The latest gift the member made of each of their vouchers, by voucher id (the link is read through GET …/gift). */
export async function giftsSentOf({ db, holderUserId, voucherIds, now }: { db: Database; holderUserId: string; voucherIds: readonly string[]; now: Date }): Promise<Map<string, VoucherGift>> {
  const gifts = new Map<string, VoucherGift>();
  for (const row of await findGiftsOfVouchers(db, [...new Set(voucherIds)])) {
    if (!gifts.has(row.voucherId) && row.senderUserId === holderUserId) gifts.set(row.voucherId, toVoucherGift(row, now));
  }
  return gifts;
}
