import { queryOptions, useQuery } from '@tanstack/react-query';
import { missionListAnswerSchema, type Mission } from '@kartu/contracts';
import { api } from './api-client.ts';
import { cardKeys } from './card-keys.ts';

/*
 * Mission pieces more than one feature needs (app-core §2 mission-activities): the query keys, the
 * card's missions (the card menu's entry, the missions page).
 */

/** Under the card's own key, so refreshing a card after a purchase refreshes its missions too. */
export const missionKeys = {
  list: (cardId: string) => [...cardKeys.detail(cardId), 'missions'] as const,
  detail: (cardId: string, missionId: string) => [...missionKeys.list(cardId), missionId] as const,
};

export const cardMissionsApiPath = (cardId: string) => `/api/v2/cards/${encodeURIComponent(cardId)}/missions`;

/**
 * GET /api/v2/cards/{cardId}/missions: the running missions (ending soonest first), then the history
 * (completed and expired ones of the last 180 days, newest first); 404 CARD_NOT_FOUND.
 */
export async function getCardMissions(cardId: string, signal?: AbortSignal): Promise<Mission[]> {
  return (await api.get(cardMissionsApiPath(cardId), { schema: missionListAnswerSchema, signal })).data;
}

export function cardMissionsQueryOptions(cardId: string) {
  return queryOptions({ queryKey: missionKeys.list(cardId), queryFn: ({ signal }) => getCardMissions(cardId, signal) });
}

export function useCardMissions(cardId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cardMissionsQueryOptions(cardId), enabled });
}

/**
 * Whether the card has a mission, running or in its history. A failed or unfinished read is the
 * same as none: the card page shows no entry and no error.
 */
export function useHasCardMissions(cardId: string, { enabled = true }: { enabled?: boolean } = {}): boolean {
  const { data } = useQuery({ ...cardMissionsQueryOptions(cardId), enabled, select: (missions) => missions.length > 0 });
  return data === true;
}
