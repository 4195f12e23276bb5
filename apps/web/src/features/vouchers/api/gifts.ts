import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimGiftAnswerSchema,
  giftPreviewAnswerSchema,
  voucherGiftAnswerSchema,
  type CreateGiftBody,
  type GiftPreview,
  type Voucher,
  type VoucherGift,
} from '@kartu/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';
import { voucherApiPath } from './get-voucher.ts';

/*
 * Gifts of vouchers (docs/decisions/026-voucher-gifts.md): the sender's side under the voucher,
 * the friend's side under the link's token.
 */

const giftKeys = {
  sent: (voucherId: string) => [...voucherKeys.detail(voucherId), 'gift'] as const,
  preview: (token: string) => [...voucherKeys.all, 'gift-link', token] as const,
};

const giftApiPath = (token: string) => `/api/v2/gifts/${encodeURIComponent(token)}`;

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
      queryClient.setQueryData(giftKeys.sent(voucherId), gift);
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
    queryKey: giftKeys.sent(voucherId),
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
      queryClient.setQueryData(giftKeys.sent(voucherId), gift);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all });
    },
  });
}

/** GET /api/v2/gifts/{token}: what the friend sees before the PIN. */
export function useGiftPreview(token: string) {
  return useQuery<GiftPreview>({
    queryKey: giftKeys.preview(token),
    queryFn: async ({ signal }) => (await api.get(giftApiPath(token), { schema: giftPreviewAnswerSchema, signal })).data,
  });
}

/** POST /api/v2/gifts/{token}/claim with the PIN: the voucher, now the friend's, under a new code. */
export function useClaimGift(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pin: string) => (await api.post(`${giftApiPath(token)}/claim`, { body: { pin }, schema: claimGiftAnswerSchema })).data,
    onSuccess: (voucher) => {
      queryClient.setQueryData(voucherKeys.detail(voucher.id), voucher);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}
