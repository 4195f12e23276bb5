import type { Voucher, VoucherWallet } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { giftCardsOfVouchers } from '../../modules/gift-cards/gift-cards.service.ts';
import { giftsSentOf } from '../../modules/gifts/gift-views.service.ts';
import type { VoucherCodeKeys } from '../../modules/vouchers/voucher-codes.ts';
import { getMemberVoucher, getVoucherWallet, setMemberVoucherHidden, type MemberRequest } from '../../modules/vouchers/vouchers.service.ts';

/*
 * The member's e-voucher wallet (decision 025): the vouchers module's vouchers, each with the
 * latest gift its holder made of it (the gifts module's; decision 026) and, for an e-gift voucher
 * once activated, the gift card it became (the gift cards module's).
 */

/** The vouchers, each with the member's latest gift of it and the gift card it became. */
async function withGiftsAndGiftCards({ db, userId, vouchers, now }: { db: Database; userId: string; vouchers: Voucher[]; now: Date }): Promise<Voucher[]> {
  // One after another: `db` may be a transaction, whose connection takes one query at a time.
  const gifts = await giftsSentOf({ db, holderUserId: userId, voucherIds: vouchers.map((voucher) => voucher.id), now });
  const cards = await giftCardsOfVouchers(db, vouchers.flatMap((voucher) => (voucher.giftCard ? [voucher.id] : [])));
  return vouchers.map((voucher) => ({
    ...voucher,
    gift: gifts.get(voucher.id) ?? null,
    giftCard: voucher.giftCard && { ...voucher.giftCard, cardId: cards.get(voucher.id) ?? null },
  }));
}

async function withSentGift(request: MemberRequest & { now: Date }, voucher: Voucher): Promise<Voucher> {
  const [withGift] = await withGiftsAndGiftCards({ ...request, vouchers: [voucher] });
  return withGift ?? voucher;
}

/** GET /api/v2/vouchers: the wallet in stacks of one template. */
export async function getVoucherWalletWithGifts(request: MemberRequest & { view: 'active' | 'history'; cardId?: string | undefined; hidden: boolean; now: Date }): Promise<VoucherWallet> {
  const wallet = await getVoucherWallet(request);
  const vouchers = await withGiftsAndGiftCards({ ...request, vouchers: wallet.data.flatMap((stack) => stack.vouchers) });
  const byId = new Map(vouchers.map((voucher) => [voucher.id, voucher]));
  return { data: wallet.data.map((stack) => ({ ...stack, vouchers: stack.vouchers.map((voucher) => byId.get(voucher.id) ?? voucher) })) };
}

/** GET /api/v2/vouchers/{voucherId}: one of the member's vouchers, with its code and its gift. */
export async function getMemberVoucherWithGift(request: MemberRequest & { voucherId: string; now: Date; revealWith?: VoucherCodeKeys }): Promise<Voucher> {
  return withSentGift(request, await getMemberVoucher(request));
}

/** PATCH /api/v2/vouchers/{voucherId}: hides the voucher from the wallet, or shows it again. */
export async function setVoucherHiddenWithGift(request: MemberRequest & { voucherId: string; isHidden: boolean; now: Date }): Promise<Voucher> {
  return withSentGift(request, await setMemberVoucherHidden(request));
}
