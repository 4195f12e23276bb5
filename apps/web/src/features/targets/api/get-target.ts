import { queryOptions, useQuery } from '@tanstack/react-query';
import { targetAnswerSchema, type Target } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardTargetsApiPath, targetKeys } from '../../../lib/targets.ts';

/** GET /api/v2/cards/{cardId}/targets/{targetId}: one running target in its current window; 404 TARGET_NOT_FOUND. */
export async function getTarget(options: { cardId: string; targetId: string; signal?: AbortSignal }): Promise<Target> {
  const { cardId, targetId, signal } = options;
  return (await api.get(`${cardTargetsApiPath(cardId)}/${encodeURIComponent(targetId)}`, { schema: targetAnswerSchema, signal })).data;
}

export function targetQueryOptions(cardId: string, targetId: string) {
  return queryOptions({ queryKey: targetKeys.detail(cardId, targetId), queryFn: ({ signal }) => getTarget({ cardId, targetId, signal }) });
}

export function useTarget(cardId: string, targetId: string) {
  return useQuery(targetQueryOptions(cardId, targetId));
}
