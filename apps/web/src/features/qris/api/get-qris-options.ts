import { queryOptions, useQuery } from '@tanstack/react-query';
import { qrisCardOptionsAnswerSchema, type QrisCardOptions } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { qrisKeys } from './qris-keys.ts';

/**
 * GET /api/v2/cards/{cardId}/qris-options: what the card pays a QRIS with besides the e-wallet: its
 * points at the rupiah a point is worth (null: points do not pay), and whether its balance is rupiah.
 * 404 CARD_NOT_FOUND when not the member's.
 */
export async function getQrisOptions(options: { cardId: string; signal?: AbortSignal }): Promise<QrisCardOptions> {
  const path = `/api/v2/cards/${encodeURIComponent(options.cardId)}/qris-options`;
  return (await api.get(path, { schema: qrisCardOptionsAnswerSchema, signal: options.signal })).data;
}

export function qrisOptionsQueryOptions(cardId: string) {
  return queryOptions({ queryKey: qrisKeys.options(cardId), queryFn: ({ signal }) => getQrisOptions({ cardId, signal }) });
}

export function useQrisOptions(cardId: string) {
  return useQuery(qrisOptionsQueryOptions(cardId));
}
