import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giftCardChargeAnswerSchema, type GiftCard, type GiftCardCharge, type GiftCardChargeBody } from '@kartu/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { giftCardQueryOptions } from './get-gift-card.ts';

export type GiftCardPayment = { charge: GiftCardCharge; balance: number };

export type PayWithGiftCardOptions = {
  cardId: string;
  body: GiftCardChargeBody;
  /** One key per attempt: the same payment sent again after a lost answer is charged once. */
  idempotencyKey: string;
};

/**
 * POST /api/v2/gift-cards/{cardId}/charges: staff type the amount and the outlet's code (and their
 * own where the outlet asks) on the member's phone. GIFT_CARD_OUTLET_CODE_INVALID with the tries
 * left, GIFT_CARD_LOCKED until when, INSUFFICIENT_BALANCE or CARD_NOT_ACTIVE otherwise.
 */
export async function payWithGiftCard({ cardId, body, idempotencyKey }: PayWithGiftCardOptions): Promise<GiftCardPayment> {
  const answer = await api.post(`/api/v2/gift-cards/${encodeURIComponent(cardId)}/charges`, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: giftCardChargeAnswerSchema,
  });
  return answer.data;
}

/** The payment shows on the card's page at once; the card and the wallet's balances are read again. */
export function usePayWithGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payWithGiftCard,
    onSuccess: ({ charge, balance }, { cardId }) => {
      queryClient.setQueryData<GiftCard>(giftCardQueryOptions(cardId).queryKey, (card) =>
        card ? { ...card, balance, isUsable: card.isUsable && balance > 0, charges: [charge, ...card.charges.filter((shown) => shown.id !== charge.id)] } : card,
      );
      // spec: app-core §4 Cache invalidation: the card (its gift card sits under it) and the wallet's balances.
      void queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) });
      void queryClient.invalidateQueries({ queryKey: cardKeys.lists() });
    },
    // Refused for the card's state: the balance or status on screen is out of date.
    onError: (error, { cardId }) => {
      if (error instanceof ApiError && (error.code === 'INSUFFICIENT_BALANCE' || error.code === 'CARD_NOT_ACTIVE')) {
        void queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) });
      }
    },
  });
}
