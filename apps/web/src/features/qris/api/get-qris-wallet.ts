import { queryOptions, useQuery } from '@tanstack/react-query';
import { qrisWalletLinkAnswerSchema, type QrisWalletLink } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { qrisKeys } from './qris-keys.ts';

/** GET /api/v2/qris/wallet: the e-wallet the member pays QRIS codes with; null before one is linked (the welcome). */
export async function getQrisWallet(signal?: AbortSignal): Promise<QrisWalletLink | null> {
  return (await api.get('/api/v2/qris/wallet', { schema: qrisWalletLinkAnswerSchema, signal })).data;
}

export function qrisWalletQueryOptions() {
  return queryOptions({ queryKey: qrisKeys.wallet(), queryFn: ({ signal }) => getQrisWallet(signal) });
}

export function useQrisWallet() {
  return useQuery(qrisWalletQueryOptions());
}
