import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardDetailSchema, type CardDetail } from '@kartu/contracts';
import { api } from './api-client.ts';
import { cardKeys } from './card-keys.ts';

/*
 * The card detail, shared by every page about one card: the card pages, the subscription pages and
 * the subscription guard read the same cached answer.
 */

/** GET /api/v2/cards/{id} → the card with its balance, levels, menus, registration and subscription state. */
export function getCard(cardId: string, signal?: AbortSignal): Promise<CardDetail> {
  return api.get(`/api/v2/cards/${encodeURIComponent(cardId)}`, { schema: cardDetailSchema, signal });
}

export function cardQueryOptions(cardId: string) {
  return queryOptions({ queryKey: cardKeys.detail(cardId), queryFn: ({ signal }) => getCard(cardId, signal) });
}

export function useCard(cardId: string) {
  return useQuery(cardQueryOptions(cardId));
}
