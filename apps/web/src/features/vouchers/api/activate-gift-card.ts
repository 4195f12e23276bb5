import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giftCardActivationAnswerSchema } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';
import { voucherApiPath } from '../../../lib/vouchers.ts';

/**
 * POST /api/v2/vouchers/{voucherId}/activate: the e-gift voucher becomes a gift card in the member's
 * cards (docs/decisions/027-gift-cards.md); asked again, the server answers the same card.
 */
export async function activateGiftCard(voucherId: string): Promise<{ cardId: string }> {
  const answer = await api.post(`${voucherApiPath(voucherId)}/activate`, { schema: giftCardActivationAnswerSchema });
  return answer.data;
}

/**
 * The voucher is now used and a new card is in the wallet: both are read again, without holding up
 * the way to the card. A refusal reads the voucher again too: it shows why.
 */
export function useActivateGiftCard(voucherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => activateGiftCard(voucherId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all });
      void queryClient.invalidateQueries({ queryKey: cardKeys.lists() });
    },
  });
}
