import { queryOptions, useQuery } from '@tanstack/react-query';
import { giftCardAnswerSchema, type GiftCard } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

/** GET /api/v2/gift-cards/{cardId}: the gift card's balance, the code a till scans and its latest payments. */
export async function getGiftCard(cardId: string, signal?: AbortSignal): Promise<GiftCard> {
  const answer = await api.get(`/api/v2/gift-cards/${encodeURIComponent(cardId)}`, { schema: giftCardAnswerSchema, signal });
  return answer.data;
}

// Under the card's detail, so whatever refreshes the card refreshes its gift card too.
export function giftCardQueryOptions(cardId: string) {
  return queryOptions({ queryKey: cardKeys.giftCard(cardId), queryFn: ({ signal }) => getGiftCard(cardId, signal) });
}

export function useGiftCard(cardId: string) {
  return useQuery(giftCardQueryOptions(cardId));
}
