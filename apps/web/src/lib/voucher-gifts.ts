import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { voucherGiftAnswerSchema, type CreateGiftBody, type Voucher, type VoucherGift } from '@kartu/contracts';
import { api, ApiError } from './api-client.ts';
import { voucherKeys } from './voucher-keys.ts';
import { voucherApiPath } from './vouchers.ts';

/*
 * Gifts of vouchers (docs/decisions/026-voucher-gifts.md), the sender's side under the voucher:
 * what the voucher's page sends, shows while it waits, and takes back.
 */

/** The whole link to share, on this site's own address. */
export function giftLinkOf(gift: Pick<VoucherGift, 'linkPath'>): string | null {
  return gift.linkPath ? new URL(gift.linkPath, window.location.origin).href : null;
}

/** POST /api/v2/vouchers/{id}/gifts with the attempt's Idempotency-Key: the gift, with its link. */
export function useSendGift(voucherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: CreateGiftBody; idempotencyKey: string }) => {
      const answer = await api.post(`${voucherApiPath(voucherId)}/gifts`, { body, headers: { 'Idempotency-Key': idempotencyKey }, schema: voucherGiftAnswerSchema });
      return answer.data;
    },
    onSuccess: (gift) => {
      queryClient.setQueryData(voucherKeys.gift(voucherId), gift);
      queryClient.setQueryData<Voucher>(voucherKeys.detail(voucherId), (voucher) => (voucher ? { ...voucher, gift: { ...gift, linkPath: null } } : voucher));
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}

/**
 * GET /api/v2/vouchers/{id}/gift: the sender's latest gift of the voucher, with its link while it
 * waits; also after the friend claimed it, when the voucher itself is no longer the sender's.
 * Null when the voucher was never given. `fresh` asks the server again even with a copy in hand.
 */
export function useSentGift(voucherId: string, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: voucherKeys.gift(voucherId),
    // Asked again when the voucher has just left the wallet: the friend may have claimed it since.
    refetchOnMount: fresh ? 'always' : true,
    queryFn: async ({ signal }) => {
      try {
        return (await api.get(`${voucherApiPath(voucherId)}/gift`, { schema: voucherGiftAnswerSchema, signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** POST /api/v2/vouchers/{id}/gifts/cancel: the sender takes a waiting gift back; the voucher is usable again. */
export function useCancelGift(voucherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post(`${voucherApiPath(voucherId)}/gifts/cancel`, { schema: voucherGiftAnswerSchema })).data,
    onSuccess: (gift) => {
      queryClient.setQueryData(voucherKeys.gift(voucherId), gift);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all });
    },
  });
}
