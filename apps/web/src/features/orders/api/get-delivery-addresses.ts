import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressListSchema, type Address } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * The address book's own list key (features/addresses/api/address-keys.ts `lists()`): an address
 * added or changed under Settings refreshes the checkout's choice too. Features do not import each
 * other, so the key is spelled here until the address list moves down to src/lib.
 */
const addressListKey = ['addresses', 'list'] as const;

/** GET /api/v2/addresses: the member's delivery addresses, the primary one first. */
export async function getDeliveryAddresses(options: { signal?: AbortSignal } = {}): Promise<Address[]> {
  const answer = await api.get('/api/v2/addresses', { schema: addressListSchema, signal: options.signal });
  return answer.data;
}

export function deliveryAddressesQueryOptions() {
  return queryOptions({ queryKey: addressListKey, queryFn: ({ signal }) => getDeliveryAddresses({ signal }) });
}

export function useDeliveryAddresses({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...deliveryAddressesQueryOptions(), enabled });
}
