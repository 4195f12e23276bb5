import { queryOptions, useQuery } from '@tanstack/react-query';
import { distributorListSchema, type Distributor } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardApiPath, orderKeys } from './order-keys.ts';

/** GET /api/v2/cards/{cardId}/distributors: the program's pickup points. */
export async function getDistributors(options: { cardId: string; signal?: AbortSignal }): Promise<Distributor[]> {
  const answer = await api.get(`${cardApiPath(options.cardId)}/distributors`, { schema: distributorListSchema, signal: options.signal });
  return answer.data;
}

export function distributorsQueryOptions(cardId: string) {
  return queryOptions({ queryKey: orderKeys.distributors(cardId), queryFn: ({ signal }) => getDistributors({ cardId, signal }) });
}

export function useDistributors(cardId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...distributorsQueryOptions(cardId), enabled });
}
