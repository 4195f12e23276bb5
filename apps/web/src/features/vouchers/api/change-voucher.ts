import { useMutation, useQueryClient } from '@tanstack/react-query';
import { voucherAnswerSchema, type Voucher, type VoucherRedeemBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';
import { voucherApiPath } from '../../../lib/vouchers.ts';

/** PATCH /api/v2/vouchers/{voucherId}: hides the voucher from the wallet, or shows it again. */
export async function setVoucherHidden(voucherId: string, isHidden: boolean): Promise<Voucher> {
  const answer = await api.patch(voucherApiPath(voucherId), { body: { isHidden }, schema: voucherAnswerSchema });
  return answer.data;
}

/** POST /api/v2/vouchers/{voucherId}/redeem: the cashier's outlet code (and their own) typed on the member's phone. */
export async function redeemVoucher(voucherId: string, body: VoucherRedeemBody): Promise<Voucher> {
  const answer = await api.post(`${voucherApiPath(voucherId)}/redeem`, { body, schema: voucherAnswerSchema });
  return answer.data;
}

/** The answer becomes the voucher's page at once; the wallet's lists and count are read again. */
function useVoucherWrite<Input>(write: (input: Input) => Promise<Voucher>, alsoClears: (voucher: Voucher) => readonly unknown[][] = () => []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (voucher) => {
      queryClient.setQueryData(voucherKeys.detail(voucher.id), voucher);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
      for (const queryKey of alsoClears(voucher)) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export function useSetVoucherHidden(voucherId: string) {
  return useVoucherWrite((isHidden: boolean) => setVoucherHidden(voucherId, isHidden));
}

/** spec: app-core §4: after an e-voucher's redemption the card and the member's e-voucher caches are cleared. */
export function useRedeemVoucher(voucherId: string) {
  return useVoucherWrite(
    (body: VoucherRedeemBody) => redeemVoucher(voucherId, body),
    (voucher) => [[...cardKeys.detail(voucher.cardId)]],
  );
}
