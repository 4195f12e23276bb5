import { queryOptions, useQuery } from '@tanstack/react-query';
import { voucherAnswerSchema, type Voucher } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';

/**
 * How often an open voucher asks whether it is still usable. A till that redeems it through the
 * integration API shows on the member's screen within this, while the page is in front.
 */
export const VOUCHER_POLL_MS = 2_000;

export const voucherApiPath = (voucherId: string) => `/api/v2/vouchers/${encodeURIComponent(voucherId)}`;

/** GET /api/v2/vouchers/{voucherId}: one of the member's vouchers; 404 VOUCHER_NOT_FOUND for anyone else's. */
export async function getVoucher(voucherId: string, signal?: AbortSignal): Promise<Voucher> {
  const answer = await api.get(voucherApiPath(voucherId), { schema: voucherAnswerSchema, signal });
  return answer.data;
}

/** A voucher that a counter or a till may still use, or whose code is still being made. */
export function mayChange(voucher: Voucher | undefined): boolean {
  return voucher?.status === 'active' || voucher?.status === 'pending';
}

export function voucherQueryOptions(voucherId: string) {
  return queryOptions({
    queryKey: voucherKeys.detail(voucherId),
    queryFn: ({ signal }) => getVoucher(voucherId, signal),
    refetchInterval: (query) => (query.state.status !== 'error' && mayChange(query.state.data) ? VOUCHER_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useVoucher(voucherId: string) {
  return useQuery(voucherQueryOptions(voucherId));
}
