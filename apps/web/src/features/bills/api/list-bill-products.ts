import { queryOptions, useQuery } from '@tanstack/react-query';
import { billProductListSchema, type BillCategory, type BillProduct } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { billKeys } from './bill-keys.ts';

/** GET /api/v2/bills/products?category=: the products of one kind on sale, prepaid at their price or the postpaid bill to check. */
export async function listBillProducts(category: BillCategory, signal?: AbortSignal): Promise<BillProduct[]> {
  return (await api.get('/api/v2/bills/products', { query: { category }, schema: billProductListSchema, signal })).data;
}

export function billProductsQueryOptions(category: BillCategory) {
  // The catalog changes with a release, not while a member looks at it.
  return queryOptions({ queryKey: billKeys.products(category), queryFn: ({ signal }) => listBillProducts(category, signal), staleTime: 10 * 60 * 1000 });
}

export function useBillProducts(category: BillCategory) {
  return useQuery(billProductsQueryOptions(category));
}
