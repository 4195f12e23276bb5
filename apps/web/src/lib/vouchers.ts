import { queryOptions, useQuery } from '@tanstack/react-query';
import { voucherWalletSchema, type VoucherStack } from '@kartu/contracts';
import { api } from './api-client.ts';
import { voucherKeys, type VoucherView } from './voucher-keys.ts';

/* The member's e-voucher wallet, shared by the wallet's pages and the shop's checkout. */

/** One of the member's vouchers in the API: read, changed, redeemed, activated or given under it. */
export const voucherApiPath = (voucherId: string) => `/api/v2/vouchers/${encodeURIComponent(voucherId)}`;

/** GET /api/v2/vouchers: the member's vouchers in stacks of one template, of one card when `cardId` is given. */
export function getVoucherWallet(options: { view: VoucherView; cardId: string | null; signal?: AbortSignal }): Promise<VoucherStack[]> {
  const { view, cardId, signal } = options;
  const query = { view: view === 'history' ? 'history' : 'active', hidden: view === 'hidden' ? 'true' : undefined, cardId: cardId ?? undefined };
  return api.get('/api/v2/vouchers', { query, schema: voucherWalletSchema, signal }).then((answer) => answer.data);
}

export function voucherWalletQueryOptions(view: VoucherView, cardId: string | null) {
  return queryOptions({ queryKey: voucherKeys.wallet(view, cardId), queryFn: ({ signal }) => getVoucherWallet({ view, cardId, signal }) });
}

export function useVoucherWallet(view: VoucherView, cardId: string | null) {
  return useQuery(voucherWalletQueryOptions(view, cardId));
}
