import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressAnswerSchema, type Address, type AddressBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { addressKeys } from './address-keys.ts';

/**
 * POST /api/v2/addresses (no `addressId`) → 201, or PUT /api/v2/addresses/{addressId} → 200: the
 * whole address. 422 ADDRESS_AREA_INVALID names the first area level that does not nest, 409
 * ADDRESS_LIMIT_REACHED comes at the 21st address, 400 VALIDATION_FAILED names its fields.
 */
export async function saveAddress({ addressId, body }: { addressId?: string; body: AddressBody }): Promise<Address> {
  const answer = addressId
    ? await api.put(`/api/v2/addresses/${encodeURIComponent(addressId)}`, { body, schema: addressAnswerSchema })
    : await api.post('/api/v2/addresses', { body, schema: addressAnswerSchema });
  return answer.data;
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    // Saving may move the primary flag, so the whole list is read again.
    onSuccess: (address) => {
      queryClient.setQueryData(addressKeys.detail(address.id), address);
      return queryClient.invalidateQueries({ queryKey: addressKeys.lists() });
    },
  });
}
