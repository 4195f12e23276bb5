import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { orderListSchema, type OrderList } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardApiPath, orderKeys } from './order-keys.ts';

const ORDERS_PAGE_SIZE = 20;

/** GET /api/v2/cards/{cardId}/orders: one page of the card's orders, newest first, from `cursor`. */
export function getOrders(options: { cardId: string; cursor: string | null; limit?: number; signal?: AbortSignal }): Promise<OrderList> {
  const { cardId, cursor, limit = ORDERS_PAGE_SIZE, signal } = options;
  return api.get(`${cardApiPath(cardId)}/orders`, { query: { cursor, limit }, schema: orderListSchema, signal });
}

export function ordersQueryOptions(cardId: string, limit = ORDERS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(cardId, limit),
    queryFn: ({ pageParam, signal }) => getOrders({ cardId, cursor: pageParam, limit, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useOrders(cardId: string) {
  return useInfiniteQuery(ordersQueryOptions(cardId));
}
