import { queryOptions, useQuery } from '@tanstack/react-query';
import { giftCardChargeDetailAnswerSchema, type GiftCardChargeDetail } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

/** GET /api/v2/gift-card-charges/{chargeId}: one payment made with one of the member's gift cards; 404 for anyone else's. */
export async function getGiftCardCharge(chargeId: string, signal?: AbortSignal): Promise<GiftCardChargeDetail> {
  const answer = await api.get(`/api/v2/gift-card-charges/${encodeURIComponent(chargeId)}`, { schema: giftCardChargeDetailAnswerSchema, signal });
  return answer.data;
}

export function giftCardChargeQueryOptions(chargeId: string) {
  return queryOptions({
    queryKey: cardKeys.giftCardCharge(chargeId),
    queryFn: ({ signal }) => getGiftCardCharge(chargeId, signal),
    enabled: chargeId !== '',
  });
}

export function useGiftCardCharge(chargeId: string) {
  return useQuery(giftCardChargeQueryOptions(chargeId));
}
