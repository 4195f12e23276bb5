import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderAnswerSchema, type Order } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { isFinalPaymentStatus, PAYMENT_POLL_MS } from '../../../lib/payment-polling.ts';
import { cardApiPath, orderKeys } from './order-keys.ts';

/** GET /api/v2/cards/{cardId}/orders/{orderId}: one order of the card; 404 ORDER_NOT_FOUND otherwise. */
export async function getOrder(options: { cardId: string; orderId: string; signal?: AbortSignal }): Promise<Order> {
  const { cardId, orderId, signal } = options;
  const answer = await api.get(`${cardApiPath(cardId)}/orders/${encodeURIComponent(orderId)}`, { schema: orderAnswerSchema, signal });
  return answer.data;
}

/** An order whose money payment is still open: its page follows it as the payment page does. */
export function isPaymentOpen(order: Order | undefined): boolean {
  return order?.payment != null && !isFinalPaymentStatus(order.payment.status);
}

export function orderQueryOptions(cardId: string, orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(cardId, orderId),
    queryFn: ({ signal }) => getOrder({ cardId, orderId, signal }),
    // Read again every 3 s while its payment is open; never while the tab is hidden.
    refetchInterval: (query) => (isPaymentOpen(query.state.data) ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useOrder(cardId: string, orderId: string) {
  return useQuery(orderQueryOptions(cardId, orderId));
}
