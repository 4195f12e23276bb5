import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressAnswerSchema, type Address } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { addressKeys } from './address-keys.ts';

/** POST /api/v2/addresses/{addressId}/primary → 200: the address, now the member's primary one. */
export async function makePrimaryAddress(addressId: string): Promise<Address> {
  const answer = await api.post(`/api/v2/addresses/${encodeURIComponent(addressId)}/primary`, { schema: addressAnswerSchema });
  return answer.data;
}

export function useMakePrimaryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makePrimaryAddress,
    // The flag leaves another address too: every address read is stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
