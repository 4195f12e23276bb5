import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cartQuoteSchema, type CartItem, type CartQuote } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

/**
 * POST /api/v2/cards/{cardId}/carts/quote: the server prices the cart as it stands (lines, subtotal,
 * problems). It changes nothing, so it is read like a query, again whenever the cart changes.
 */
export function quoteCart(options: { cardId: string; items: readonly CartItem[]; signal?: AbortSignal }): Promise<CartQuote> {
  return api.post(`/api/v2/cards/${encodeURIComponent(options.cardId)}/carts/quote`, {
    body: { items: options.items },
    schema: cartQuoteSchema,
    signal: options.signal,
  });
}

export function cartQuoteQueryOptions(cardId: string, items: readonly CartItem[]) {
  return queryOptions({
    queryKey: cardKeys.cartQuote(cardId, items),
    queryFn: ({ signal }) => quoteCart({ cardId, items, signal }),
  });
}

/** The quote of the cart; while a changed cart is priced, the last quote stays on screen. */
export function useCartQuote(cardId: string, items: readonly CartItem[]) {
  return useQuery({ ...cartQuoteQueryOptions(cardId, items), placeholderData: keepPreviousData, enabled: items.length > 0 });
}
