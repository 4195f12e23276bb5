import { useMutation, useQueryClient } from '@tanstack/react-query';
import { qrisWalletLinkAnswerSchema, type QrisWalletLink, type QrisWalletLinkBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { qrisKeys } from './qris-keys.ts';

/**
 * PUT /api/v2/qris/wallet: links the member's e-wallet, replacing one linked before. 400
 * VALIDATION_FAILED on body.phone for a number that is not an Indonesian mobile one.
 */
export async function linkQrisWallet(body: QrisWalletLinkBody): Promise<QrisWalletLink | null> {
  return (await api.put('/api/v2/qris/wallet', { body, schema: qrisWalletLinkAnswerSchema })).data;
}

/** The answer is the link as the wallet's read shows it (the phone masked): it takes its place in the cache. */
export function useLinkQrisWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkQrisWallet,
    onSuccess: (link) => queryClient.setQueryData(qrisKeys.wallet(), link),
  });
}
