import { queryOptions, useQuery } from '@tanstack/react-query';
import { distributorSchema, type Distributor } from '@kartu/contracts';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { cardApiPath, orderKeys } from './order-keys.ts';

const distributorAnswerSchema = z.object({ data: distributorSchema });

/** GET /api/v2/cards/{cardId}/distributors/{distributorId}: one pickup point; 404 DISTRIBUTOR_NOT_FOUND otherwise. */
export async function getDistributor(options: { cardId: string; distributorId: string; signal?: AbortSignal }): Promise<Distributor> {
  const { cardId, distributorId, signal } = options;
  const answer = await api.get(`${cardApiPath(cardId)}/distributors/${encodeURIComponent(distributorId)}`, { schema: distributorAnswerSchema, signal });
  return answer.data;
}

export function distributorQueryOptions(cardId: string, distributorId: string) {
  return queryOptions({ queryKey: orderKeys.distributor(cardId, distributorId), queryFn: ({ signal }) => getDistributor({ cardId, distributorId, signal }) });
}

export function useDistributor(cardId: string, distributorId: string) {
  return useQuery(distributorQueryOptions(cardId, distributorId));
}
