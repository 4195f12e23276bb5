import type { Database } from '../../db/database.ts';
import { issueCard } from '../../modules/cards/cards.service.ts';
import { findGiftCardOfActivatedVoucher, giftCardProgram, loadGiftCard } from '../../modules/gift-cards/gift-cards.service.ts';
import { giftCardTermsOf, lockMemberVoucher, markVoucherActivated } from '../../modules/vouchers/vouchers.service.ts';

/**
 * POST /api/v2/vouchers/{voucherId}/activate (docs/decisions/027-gift-cards.md): the member's usable
 * e-gift voucher (the vouchers module) becomes a new card of its program in their wallet (the cards
 * module), loaded with its value as a gift card (the gift-cards module), in one transaction. Asked
 * again, it answers the card it became.
 */
export async function activateGiftVoucher({ db, merchantId, userId, voucherId, now }: { db: Database; merchantId: number; userId: string; voucherId: string; now: Date }): Promise<{ cardId: string }> {
  return db.transaction(async (tx) => {
    const voucher = await lockMemberVoucher(tx, { merchantId, userId, voucherId });
    const activated = await findGiftCardOfActivatedVoucher(tx, voucher.id);
    if (activated) return activated;
    const terms = await giftCardTermsOf(tx, { voucher, now });
    const program = await giftCardProgram(tx, { merchantId, programId: terms.programId });
    const card = await issueCard({ db: tx, merchantId, programId: program.id, ownerUserId: userId });
    await loadGiftCard(tx, { merchantId, card, voucherId: voucher.id, name: terms.name, value: terms.value, now });
    await markVoucherActivated(tx, voucher, now);
    return { cardId: card.id };
  });
}
