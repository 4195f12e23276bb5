import type { GiftCardCharge, GiftCardChargeBody, IntegrationGiftCardCharge } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { codeEntryLock, guardedAttempt } from '../../modules/attempts/attempt-lock.service.ts';
import { chargeGiftCard, chargeScannedGiftCard, checkCounterCharge, counterChargeAnswer, getMemberGiftCardForCharge } from '../../modules/gift-cards/gift-cards.service.ts';
import type { GiftCardChargeRow } from '../../modules/gift-cards/gift-cards.table.ts';
import { getOutlet, staffOfCodes } from '../../modules/outlets/outlets.service.ts';

/*
 * A gift card charged at an outlet (docs/decisions/027-gift-cards.md): the outlets module knows the
 * outlet and its codes, the gift-cards module spends the amount from the card through the ledger.
 */

export interface CounterCharge {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
  body: GiftCardChargeBody;
  idempotencyKey: string | undefined;
  /** Keys the outlet and cashier codes (outlets/outlet-code-key.ts). */
  codeKey: string;
  now: Date;
}

/**
 * POST /api/v2/gift-cards/{cardId}/charges. A charge the card cannot take (too little left, card not
 * active) is refused without counting; a wrong outlet (or cashier) code counts, and the third locks
 * the card's charges for 24 hours. A retry with the same Idempotency-Key answers the first charge.
 */
export async function chargeAtCounter({ db, merchantId, userId, cardId, body, idempotencyKey, codeKey, now }: CounterCharge): Promise<{ charge: GiftCardCharge; balance: number }> {
  if (!idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const held = await getMemberGiftCardForCharge({ db, merchantId, userId, cardId });
  const amount = BigInt(body.amount);
  const row = await guardedAttempt<GiftCardChargeRow>({
    db,
    key: { merchantId, scope: 'gift-card-charge', subject: held.card.id },
    now,
    ...codeEntryLock,
    lockedCode: 'GIFT_CARD_LOCKED',
    wrong: (attemptsRemaining) => new AppError('GIFT_CARD_OUTLET_CODE_INVALID', { attemptsRemaining }),
    check: async (tx) => {
      const checked = await checkCounterCharge(tx, { db: tx, merchantId, userId, cardId: held.card.id, amount, requestKey: idempotencyKey, now });
      if (checked.kind === 'replay') return { kind: 'pass', value: checked.charge };
      if (checked.kind === 'refuse') return checked;
      const staff = await staffOfCodes(tx, { merchantId, outletCode: body.outletCode, cashierCode: body.cashierCode, codeKey });
      if (!staff) return { kind: 'wrong' };
      const charged = await chargeGiftCard(tx, { view: checked.view, amount, outlet: staff.outlet, cashierId: staff.cashier?.id ?? null, channel: 'counter', reference: null, requestKey: idempotencyKey, now });
      return { kind: 'pass', value: charged };
    },
  });
  return counterChargeAnswer(db, { row, card: held.card, now });
}

/** POST /integration/v1/gift-cards/charges: the till scanned a gift card's code at one of the merchant's outlets. */
export async function chargeAtTill({ tx, merchantId, code, amount, outletId, reference, now }: { tx: Database; merchantId: number; code: string; amount: number; outletId: string; reference: string | undefined; now: Date }): Promise<{ data: IntegrationGiftCardCharge }> {
  const outlet = await getOutlet(tx, { merchantId, outletId });
  return chargeScannedGiftCard(tx, { merchantId, code, amount, outlet, reference, now });
}
