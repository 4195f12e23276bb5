import { queryOptions, useQuery } from '@tanstack/react-query';
import { privilegeListAnswerSchema, type Privilege } from '@kartu/contracts';
import { api } from './api-client.ts';
import { cardKeys } from './card-keys.ts';

/*
 * Perk pieces more than one feature needs (app-core §2 privileges): the query keys, the card's perks
 * (the card menu's entry, the perks page).
 */

/**
 * Under the card's own key, so refreshing a card refreshes its perks too; a perk's answers sit under
 * the perk, so a claim or an answer sent refreshes the list, the perk and its answers at once.
 */
export const privilegeKeys = {
  list: (cardId: string) => [...cardKeys.detail(cardId), 'privileges'] as const,
  detail: (cardId: string, privilegeId: string) => [...privilegeKeys.list(cardId), privilegeId] as const,
  answers: (cardId: string, privilegeId: string) => [...privilegeKeys.detail(cardId, privilegeId), 'answers'] as const,
  answer: (cardId: string, privilegeId: string, answerId: string) => [...privilegeKeys.answers(cardId, privilegeId), answerId] as const,
};

export const cardPrivilegesApiPath = (cardId: string) => `/api/v2/cards/${encodeURIComponent(cardId)}/privileges`;
export const cardPrivilegeApiPath = (cardId: string, privilegeId: string) => `${cardPrivilegesApiPath(cardId)}/${encodeURIComponent(privilegeId)}`;

/**
 * GET /api/v2/cards/{cardId}/privileges: the card program's perks that started, and those that
 * ended in the last 30 days, available ones first; 404 CARD_NOT_FOUND, 403 FEATURE_LOCKED.
 */
export async function getCardPrivileges(cardId: string, signal?: AbortSignal): Promise<Privilege[]> {
  return (await api.get(cardPrivilegesApiPath(cardId), { schema: privilegeListAnswerSchema, signal })).data;
}

export function cardPrivilegesQueryOptions(cardId: string) {
  return queryOptions({ queryKey: privilegeKeys.list(cardId), queryFn: ({ signal }) => getCardPrivileges(cardId, signal) });
}

export function useCardPrivileges(cardId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cardPrivilegesQueryOptions(cardId), enabled });
}

/**
 * Whether the card has a perk, open or not. A failed or unfinished read (a locked feature
 * included) is the same as none: the card page shows no entry and no error.
 */
export function useHasCardPrivileges(cardId: string, { enabled = true }: { enabled?: boolean } = {}): boolean {
  const { data } = useQuery({ ...cardPrivilegesQueryOptions(cardId), enabled, select: (privileges) => privileges.length > 0 });
  return data === true;
}
