import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { claimGiftAnswerSchema, giftPreviewAnswerSchema, type GiftPreview } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';

/*
 * Gifts of vouchers (docs/decisions/026-voucher-gifts.md), the friend's side under the link's
 * token; the sender's side, under the voucher, is lib/voucher-gifts.ts.
 */

const giftApiPath = (token: string) => `/api/v2/gifts/${encodeURIComponent(token)}`;

/** GET /api/v2/gifts/{token}: what the friend sees before the PIN. */
export function useGiftPreview(token: string) {
  return useQuery<GiftPreview>({
    queryKey: voucherKeys.giftLink(token),
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
