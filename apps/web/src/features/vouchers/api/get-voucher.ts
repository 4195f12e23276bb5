import { queryOptions, useQuery } from '@tanstack/react-query';
import { voucherAnswerSchema, type Voucher } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';
import { voucherApiPath } from '../../../lib/vouchers.ts';
import { forgetVoucherCode, keepVoucherCode } from '../voucher-code-store.ts';

/**
 * How often an open voucher asks whether it is still usable. A till that redeems it through the
 * integration API shows on the member's screen within this, while the page is in front.
 */
export const VOUCHER_POLL_MS = 2_000;

/**
 * GET /api/v2/vouchers/{voucherId}: one of the member's vouchers; 404 VOUCHER_NOT_FOUND for anyone
 * else's. A code the server keeps only as a hash comes in one answer alone: it is kept on this phone
 * before anything else reads the answer, and dropped once the voucher can no longer be used.
 */
export async function getVoucher(voucherId: string, signal?: AbortSignal): Promise<Voucher> {
  const { data: voucher } = await api.get(voucherApiPath(voucherId), { schema: voucherAnswerSchema, signal });
  if (voucher.codeKept === 'device') {
    if (voucher.status === 'used' || voucher.status === 'expired') forgetVoucherCode(voucher.id);
    else if (voucher.code) keepVoucherCode(voucher.id, voucher.code);
  }
  return voucher;
}

/** A voucher that a counter or a till may still use, or whose code is still being made. */
export function mayChange(voucher: Voucher | undefined): boolean {
  return voucher?.status === 'active' || voucher?.status === 'pending';
}

export function voucherQueryOptions(voucherId: string) {
  return queryOptions({
    queryKey: voucherKeys.detail(voucherId),
    // Not cancelled when the page closes mid-read: that answer may be the only one with the code.
    queryFn: () => getVoucher(voucherId),
    refetchInterval: (query) => (query.state.status !== 'error' && mayChange(query.state.data) ? VOUCHER_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useVoucher(voucherId: string) {
  return useQuery(voucherQueryOptions(voucherId));
}
