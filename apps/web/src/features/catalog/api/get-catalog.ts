import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { catalogPageSchema, type CatalogPage } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import type { CatalogFilter } from '../catalog-filter.ts';

/** GET /api/v2/cards/{cardId}/catalogs: one page of the products matching `filter`, from `cursor`. */
export function getCatalog(options: { cardId: string; filter: CatalogFilter; cursor: string | null; limit?: number; signal?: AbortSignal }): Promise<CatalogPage> {
  const { cardId, filter, cursor, limit, signal } = options;
  return api.get(`/api/v2/cards/${encodeURIComponent(cardId)}/catalogs`, {
    query: { ...filter, cursor, limit },
    schema: catalogPageSchema,
    signal,
  });
}

export function catalogQueryOptions(cardId: string, filter: CatalogFilter, limit?: number) {
  return infiniteQueryOptions({
    queryKey: cardKeys.catalogList(cardId, { ...filter, limit }),
    queryFn: ({ pageParam, signal }) => getCatalog({ cardId, filter, cursor: pageParam, limit, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The products matching `filter`, page by page; the previous list stays while a new filter loads. */
export function useCatalog(cardId: string, filter: CatalogFilter, { limit, enabled = true }: { limit?: number; enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...catalogQueryOptions(cardId, filter, limit), placeholderData: keepPreviousData, enabled });
}
