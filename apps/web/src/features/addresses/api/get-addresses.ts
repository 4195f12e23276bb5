import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressListSchema, type Address } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { addressKeys } from './address-keys.ts';

/** GET /api/v2/addresses: the member's addresses, the primary one first, then the newest. */
export async function getAddresses(options: { signal?: AbortSignal } = {}): Promise<Address[]> {
  const answer = await api.get('/api/v2/addresses', { schema: addressListSchema, signal: options.signal });
  return answer.data;
}

export function addressesQueryOptions() {
  return queryOptions({ queryKey: addressKeys.lists(), queryFn: ({ signal }) => getAddresses({ signal }) });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
