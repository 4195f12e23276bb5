import { queryOptions, useQuery } from '@tanstack/react-query';
import { rewardListAnswerSchema, type Reward } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

/** GET /api/v2/cards/{id}/rewards: the card's rewards, claimable and already claimed. */
export async function getRewards(options: { cardId: string; signal?: AbortSignal }): Promise<Reward[]> {
  const answer = await api.get(`/api/v2/cards/${encodeURIComponent(options.cardId)}/rewards`, {
    schema: rewardListAnswerSchema,
    signal: options.signal,
  });
  return answer.data;
}

export function rewardsQueryOptions(cardId: string) {
  return queryOptions({ queryKey: cardKeys.rewards(cardId), queryFn: ({ signal }) => getRewards({ cardId, signal }) });
}

export function useRewards(cardId: string) {
  return useQuery(rewardsQueryOptions(cardId));
}
