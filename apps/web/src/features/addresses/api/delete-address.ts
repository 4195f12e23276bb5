import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { addressKeys } from './address-keys.ts';

/** DELETE /api/v2/addresses/{addressId} → 204; deleting the primary address makes the newest one left primary. */
export function deleteAddress(addressId: string): Promise<void> {
  return api.delete<void>(`/api/v2/addresses/${encodeURIComponent(addressId)}`);
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (_answer, addressId) => {
      queryClient.removeQueries({ queryKey: addressKeys.detail(addressId) });
      return queryClient.invalidateQueries({ queryKey: addressKeys.all });
    },
  });
}
