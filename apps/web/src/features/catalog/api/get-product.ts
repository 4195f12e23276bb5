import { queryOptions, useQuery } from '@tanstack/react-query';
import { productAnswerSchema, type ProductDetail } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

/** GET /api/v2/cards/{cardId}/catalogs/{productType}/{productId}: one product with its photo, description and terms. */
export async function getProduct(options: { cardId: string; productType: string; productId: string; signal?: AbortSignal }): Promise<ProductDetail> {
  const { cardId, productType, productId, signal } = options;
  const path = [cardId, 'catalogs', productType, productId].map(encodeURIComponent).join('/');
  const answer = await api.get(`/api/v2/cards/${path}`, { schema: productAnswerSchema, signal });
  return answer.data;
}

export function productQueryOptions(cardId: string, productType: string, productId: string) {
  return queryOptions({
    queryKey: cardKeys.product(cardId, productType, productId),
    queryFn: ({ signal }) => getProduct({ cardId, productType, productId, signal }),
  });
}

export function useProduct(cardId: string, productType: string, productId: string) {
  return useQuery(productQueryOptions(cardId, productType, productId));
}
