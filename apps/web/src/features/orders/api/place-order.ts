import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderAnswerSchema, type CheckoutBody, type Order } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';
import { cardApiPath, orderKeys } from './order-keys.ts';

/** POST /api/v2/cards/{cardId}/orders with the attempt's Idempotency-Key: a resent attempt places one order. */
export async function placeOrder(options: { cardId: string; body: CheckoutBody; idempotencyKey: string }): Promise<Order> {
  const answer = await api.post(`${cardApiPath(options.cardId)}/orders`, {
    body: options.body,
    headers: { 'Idempotency-Key': options.idempotencyKey },
    schema: orderAnswerSchema,
  });
  return answer.data;
}

/**
 * spec app-core §4 cache invalidation: after an order the card (its balance and history), its
 * catalog (stock), its orders and the member's e-vouchers (bought or used) are read again; the new
 * order is cached for its page.
 */
export function usePlaceOrder(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CheckoutBody; idempotencyKey: string }) => placeOrder({ cardId, body, idempotencyKey }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(cardId, order.id), order);
      void queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: cardKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all });
    },
  });
}
