import type { Voucher, VoucherGift } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { codeEntryLock, guardedAttempt } from '../../modules/attempts/attempt-lock.service.ts';
import type { UserRow } from '../../modules/auth/users.table.ts';
import { assertMembershipActive } from '../../modules/subscriptions/membership.service.ts';
import type { GiftKeys } from '../../modules/gifts/gift-secrets.ts';
import {
  assertMayClaim,
  cancelSentGift,
  checkGiftClaim,
  getGiftForSender,
  giftExpiry,
  giftOfToken,
  markGiftClaimed,
  openGift,
  recipientPhoneOf,
  senderView,
  type GiftTokenRequest,
  type OpenGiftOptions,
} from '../../modules/gifts/gifts.service.ts';
import { withIdempotency } from '../../modules/idempotency/idempotency.service.ts';
import { giveGiftedVoucher, holdVoucherForGift, lockVoucherToGive, releaseGiftHold } from '../../modules/vouchers/voucher-gift-hold.service.ts';
import { getMemberVoucherRow } from '../../modules/vouchers/vouchers.service.ts';
import { getMemberVoucherWithGift } from '../voucher-wallet/voucher-wallet.ts';

/*
 * Gifting a voucher by link and PIN (docs/decisions/026-voucher-gifts.md). The sender shares the
 * link; the PIN goes to the friend's phone. The voucher (the vouchers module) stays the sender's,
 * held, until the friend claims the gift (the gifts module) onto their card of the same program,
 * the sender takes it back, or it expires.
 */

export interface CreateGiftOptions extends Omit<OpenGiftOptions, 'voucher' | 'recipientPhone' | 'message' | 'expiresAt'> {
  db: Database;
  voucherId: string;
  idempotencyKey: string | undefined;
}

/**
 * POST /api/v2/vouchers/{voucherId}/gifts: a pending gift of one of the member's usable vouchers,
 * once per idempotency key. The stored answer names the gift only, so the link's token never sits in
 * the idempotency table; every answer, first or replayed, is read from the gift.
 */
export async function createGift(options: CreateGiftOptions): Promise<{ gift: VoucherGift; replayed: boolean }> {
  const { db, keys, merchant, user, voucherId, body, now } = options;
  await getMemberVoucherRow({ db, merchantId: merchant.id, userId: user.id }, voucherId);
  if (!options.idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const recipientPhone = recipientPhoneOf(body, merchant, user);
  const message = body.message ? body.message : null;
  const answer = await withIdempotency<{ giftId: string }>({
    db,
    merchantId: merchant.id,
    scope: `voucher-gift:${user.id}`,
    key: options.idempotencyKey,
    body: { voucherId, recipientPhone, message },
    now,
    transaction: async (tx) => {
      const { voucher, template } = await lockVoucherToGive(tx, { merchantId: merchant.id, userId: user.id, voucherId, now });
      await assertMembershipActive({ db: tx, merchantId: merchant.id, card: { id: voucher.cardId, programId: template.programId }, now });
      const expiresAt = giftExpiry(voucher.expiresAt, now);
      await holdVoucherForGift(tx, { voucher, until: expiresAt, now });
      const giftId = await openGift(tx, { ...options, voucher, recipientPhone, message, expiresAt });
      return { statusCode: 201, body: { giftId } };
    },
  });
  return { gift: await getGiftForSender({ db, keys, giftId: answer.body.giftId, now }), replayed: answer.replayed };
}

/**
 * POST /api/v2/gifts/{token}/claim. Only the member whose phone the gift was sent to may claim it:
 * anyone else the link reaches is refused before a PIN is looked at, so their guesses neither claim
 * it nor lock it for its owner. A gift that cannot be claimed is refused without counting; the
 * owner's wrong PIN counts, and the third locks the gift for 24 hours. The gift's row is locked
 * first, so two claims at the same moment end with one voucher moved. A retry by the member who
 * claimed it answers the voucher again.
 */
export async function claimGift({ db, keys, merchantId, user, token, pin, now }: GiftTokenRequest & { pin: string }): Promise<Voucher> {
  const found = await giftOfToken(db, { merchantId, token, keys });
  assertMayClaim(found, user);
  const voucherId = await guardedAttempt<string>({
    db,
    key: { merchantId, scope: 'gift-claim', subject: found.id },
    now,
    ...codeEntryLock,
    lockedCode: 'GIFT_LOCKED',
    wrong: (attemptsRemaining) => new AppError('GIFT_PIN_INVALID', { attemptsRemaining }),
    check: async (tx) => {
      const checked = await checkGiftClaim(tx, { keys, merchantId, user, giftId: found.id, pin, now });
      if (checked.kind !== 'claim') return checked;
      const { gift, card } = checked;
      const moved = await giveGiftedVoucher(tx, { merchantId, voucherId: gift.voucherId, fromUserId: gift.senderUserId, to: { userId: user.id, cardId: card.id }, now });
      if (!moved) return { kind: 'refuse', error: new AppError('GIFT_NOT_AVAILABLE') };
      await markGiftClaimed(tx, { gift, user, card, now });
      return { kind: 'pass', value: moved.id };
    },
  });
  return getMemberVoucherWithGift({ db, merchantId, userId: user.id, voucherId, now });
}

/** POST /api/v2/vouchers/{voucherId}/gifts/cancel: takes a pending gift back; the voucher is usable again. Again answers it cancelled. */
export async function cancelGift({ db, keys, merchantId, user, voucherId, now }: { db: Database; keys: GiftKeys; merchantId: number; user: UserRow; voucherId: string; now: Date }): Promise<VoucherGift> {
  const cancelled = await db.transaction(async (tx) => {
    const { gift, released } = await cancelSentGift(tx, { merchantId, user, voucherId, now });
    if (released) await releaseGiftHold(tx, { merchantId, voucherId: gift.voucherId });
    return gift;
  });
  return senderView(cancelled, keys, now);
}
