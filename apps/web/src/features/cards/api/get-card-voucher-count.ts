import { useQuery } from '@tanstack/react-query';
import { myVouchersCountSchema } from '@kartu/contracts';
import { buildUrl } from '../../../lib/api-client.ts';
import { countOrZero } from '../../../lib/count-or-zero.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';

/** GET /api/v2/cards/my-vouchers-count?cardId=: the card's usable vouchers; a failure counts 0, as the wallet's count does. */
export function getCardVoucherCount(cardId: string, signal?: AbortSignal): Promise<number> {
  return countOrZero(buildUrl('/api/v2/cards/my-vouchers-count', { cardId }), myVouchersCountSchema, signal);
}

export function useCardVoucherCount(cardId: string) {
  return useQuery({ queryKey: voucherKeys.cardCount(cardId), queryFn: ({ signal }) => getCardVoucherCount(cardId, signal) });
}
