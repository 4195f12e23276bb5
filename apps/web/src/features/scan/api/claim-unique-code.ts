import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uniqueCodeClaimResponseSchema, type UniqueCodeClaim, type UniqueCodeClaimBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterScan } from './scan-code.ts';

/**
 * POST /api/v2/cards/{cardId}/unique-codes: a code printed on a product, typed by the member; 201 with
 * the claim, its points given at once or pending (business-rules §4 code claim outcomes). 400
 * CODE_INVALID with the attempts left, the third locking claims for 24 hours (429 CODE_LOCKED).
 */
export async function claimUniqueCode(cardId: string, body: UniqueCodeClaimBody): Promise<UniqueCodeClaim> {
  return (await api.post(`/api/v2/cards/${encodeURIComponent(cardId)}/unique-codes`, { body, schema: uniqueCodeClaimResponseSchema })).data;
}

/** A claim moves the card's balance as a scan does: the same caches are read again. */
export function useClaimUniqueCode(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UniqueCodeClaimBody) => claimUniqueCode(cardId, body),
    onSuccess: () => void invalidateAfterScan(queryClient),
  });
}
