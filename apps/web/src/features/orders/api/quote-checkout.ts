import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutQuoteSchema, type CheckoutBody, type CheckoutQuote } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardApiPath, orderKeys } from './order-keys.ts';

/**
 * POST /api/v2/cards/{cardId}/checkout/quote: what placing `body` would charge, priced by the server
 * as the order would be. Without a delivery it lists the options the cart can use.
 */
export function quoteCheckout(options: { cardId: string; body: CheckoutBody; signal?: AbortSignal }): Promise<CheckoutQuote> {
  return api.post(`${cardApiPath(options.cardId)}/checkout/quote`, { body: options.body, schema: checkoutQuoteSchema, signal: options.signal });
}

export function checkoutQuoteQueryOptions(cardId: string, body: CheckoutBody) {
  return queryOptions({
    queryKey: orderKeys.checkoutQuote(cardId, body),
    queryFn: ({ signal }) => quoteCheckout({ cardId, body, signal }),
  });
}

/** The checkout's quote, asked again whenever a choice changes; the last one stays while it is. */
export function useCheckoutQuote(cardId: string, body: CheckoutBody, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...checkoutQuoteQueryOptions(cardId, body), placeholderData: keepPreviousData, enabled: enabled && body.items.length > 0 });
}
