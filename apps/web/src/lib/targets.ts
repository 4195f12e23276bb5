import { queryOptions, useQuery } from '@tanstack/react-query';
import { targetListAnswerSchema, type Target } from '@kartu/contracts';
import { api } from './api-client.ts';
import { cardKeys } from './card-keys.ts';

/*
 * Target pieces more than one feature needs (app-core §2 target-achievement): the query keys, the
 * card's running targets (the card menu's entry, the targets page).
 */

/** Under the card's own key, so refreshing a card after a purchase refreshes its targets too. */
export const targetKeys = {
  list: (cardId: string) => [...cardKeys.detail(cardId), 'targets'] as const,
  detail: (cardId: string, targetId: string) => [...targetKeys.list(cardId), targetId] as const,
};

export const cardTargetsApiPath = (cardId: string) => `/api/v2/cards/${encodeURIComponent(cardId)}/targets`;

/** GET /api/v2/cards/{cardId}/targets: the card program's targets running now, each in its current window; 404 CARD_NOT_FOUND. */
export async function getCardTargets(cardId: string, signal?: AbortSignal): Promise<Target[]> {
  return (await api.get(cardTargetsApiPath(cardId), { schema: targetListAnswerSchema, signal })).data;
}

export function cardTargetsQueryOptions(cardId: string) {
  return queryOptions({ queryKey: targetKeys.list(cardId), queryFn: ({ signal }) => getCardTargets(cardId, signal) });
}

export function useCardTargets(cardId: string) {
  return useQuery(cardTargetsQueryOptions(cardId));
}

/** Whether the card has a target running. A failed or unfinished read is the same as none: the card page shows no entry and no error. */
export function useHasCardTargets(cardId: string, { enabled = true }: { enabled?: boolean } = {}): boolean {
  const { data } = useQuery({ ...cardTargetsQueryOptions(cardId), enabled, select: (targets) => targets.length > 0 });
  return data === true;
}
