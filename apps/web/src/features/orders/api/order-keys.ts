import type { CheckoutBody } from '@kartu/contracts';
import { cardKeys } from '../../../lib/card-keys.ts';

/**
 * Query keys of a card's checkout, orders and pickup points, under the card's detail so clearing a
 * card clears them too. Placing an order invalidates `orders(cardId)`.
 */
export const orderKeys = {
  checkoutQuote: (cardId: string, body: CheckoutBody) => [...cardKeys.catalog(cardId), 'checkout', body] as const,
  orders: (cardId: string) => [...cardKeys.detail(cardId), 'orders'] as const,
  list: (cardId: string, limit: number) => [...orderKeys.orders(cardId), 'list', limit] as const,
  detail: (cardId: string, orderId: string) => [...orderKeys.orders(cardId), 'detail', orderId] as const,
  distributors: (cardId: string) => [...cardKeys.detail(cardId), 'distributors'] as const,
  distributor: (cardId: string, distributorId: string) => [...orderKeys.distributors(cardId), distributorId] as const,
};

export const cardApiPath = (cardId: string) => `/api/v2/cards/${encodeURIComponent(cardId)}`;
