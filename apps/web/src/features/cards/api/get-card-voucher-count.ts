import { useQuery } from '@tanstack/react-query';
import { myVouchersCountSchema } from '@kartu/contracts';
import { api, buildUrl } from '../../../lib/api-client.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';

/** GET /api/v2/cards/my-vouchers-count?cardId=: the card's usable vouchers; a failure counts 0, as the wallet's count does. */
export async function getCardVoucherCount(cardId: string, signal?: AbortSignal): Promise<number> {
  try {
    const answer = await api.get(buildUrl('/api/v2/cards/my-vouchers-count', { cardId }), { schema: myVouchersCountSchema, signal });
    return answer.data.count;
  } catch {
    return 0;
  }
}

export function useCardVoucherCount(cardId: string) {
  return useQuery({ queryKey: voucherKeys.cardCount(cardId), queryFn: ({ signal }) => getCardVoucherCount(cardId, signal) });
}
