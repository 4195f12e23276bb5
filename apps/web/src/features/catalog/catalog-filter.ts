import { catalogSortSchema, productTypeSchema, type CatalogSort, type ProductType } from '@kartu/contracts';

/**
 * The shop list's filter, as it lives in the address (`?q=&categoryId=&type=&sort=&minPrice=&maxPrice=`),
 * so back, forward and reload keep it. A value the list cannot use is dropped rather than sent.
 */
export interface CatalogFilter {
  q?: string;
  categoryId?: string;
  type?: ProductType;
  sort?: CatalogSort;
  /** Points, the card's own unit. */
  minPrice?: number;
  maxPrice?: number;
}

const wholeNumber = /^\d{1,15}$/;

function priceOf(text: string | null): number | undefined {
  return text !== null && wholeNumber.test(text) ? Number(text) : undefined;
}

export function catalogFilterOf(search: URLSearchParams): CatalogFilter {
  const q = search.get('q')?.trim();
  const categoryId = search.get('categoryId');
  const type = productTypeSchema.safeParse(search.get('type'));
  const sort = catalogSortSchema.safeParse(search.get('sort'));
  const filter: CatalogFilter = {
    q: q || undefined,
    categoryId: categoryId || undefined,
    type: type.success ? type.data : undefined,
    sort: sort.success && sort.data !== 'recommended' ? sort.data : undefined,
    minPrice: priceOf(search.get('minPrice')),
    maxPrice: priceOf(search.get('maxPrice')),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as CatalogFilter;
}

/** The filter as an address query, for `paths.cardShop.href(params, query)`. */
export function catalogSearchOf(filter: CatalogFilter): Record<string, string | undefined> {
  return {
    q: filter.q,
    categoryId: filter.categoryId,
    type: filter.type,
    sort: filter.sort === 'recommended' ? undefined : filter.sort,
    minPrice: filter.minPrice?.toString(),
    maxPrice: filter.maxPrice?.toString(),
  };
}

/** How many of the sheet's filters are set (category, type, price), for the filter button's count. */
export function sheetFilterCount(filter: CatalogFilter): number {
  return [filter.categoryId, filter.type, filter.minPrice ?? filter.maxPrice].filter((value) => value !== undefined).length;
}

/** spec business-rules §9: 'Minimum price must not be greater than the maximum price'. */
export function isPriceRangeValid(minPrice: number | undefined, maxPrice: number | undefined): boolean {
  return minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice;
}
