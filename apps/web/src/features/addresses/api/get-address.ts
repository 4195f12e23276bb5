import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressAnswerSchema, type Address } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { addressKeys } from './address-keys.ts';

/** GET /api/v2/addresses/{addressId}: one of the member's addresses; anyone else's is 404 ADDRESS_NOT_FOUND. */
export async function getAddress(options: { addressId: string; signal?: AbortSignal }): Promise<Address> {
  const answer = await api.get(`/api/v2/addresses/${encodeURIComponent(options.addressId)}`, { schema: addressAnswerSchema, signal: options.signal });
  return answer.data;
}

export function addressQueryOptions(addressId: string) {
  return queryOptions({ queryKey: addressKeys.detail(addressId), queryFn: ({ signal }) => getAddress({ addressId, signal }) });
}

export function useAddress(addressId: string) {
  return useQuery(addressQueryOptions(addressId));
}
