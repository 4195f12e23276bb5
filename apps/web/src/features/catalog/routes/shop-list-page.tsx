import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { catalogSorts, type CatalogSort } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { FilterIcon } from '../components/shop-icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SearchIllustration, ShopBagIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useCatalog } from '../api/get-catalog.ts';
import { catalogFilterOf, catalogSearchOf, sheetFilterCount, type CatalogFilter } from '../catalog-filter.ts';
import { CartButton } from '../components/cart-button.tsx';
import { recordShopEvent } from '../api/record-event.ts';
import { CatalogSearch } from '../components/catalog-search.tsx';
import { FilterSheet } from '../components/filter-sheet.tsx';
import { ProductGridSkeleton, ProductTile } from '../components/product-tile.tsx';
import { LoadMoreButton, ShopLoadError } from '../../../components/shop/shop-states.tsx';
import { useShopCard } from '../../../components/shop/use-shop-card.ts';
import '../../../components/shop/shop.css';
import '../catalog.css';

/** How long typing pauses before the list searches (the address changes once per pause). */
const SEARCH_DEBOUNCE_MS = 350;

/** The filters that narrow the list; the sort only orders it. */
function filterWithoutSort({ sort: _sort, ...narrowing }: CatalogFilter): Omit<CatalogFilter, 'sort'> {
  return narrowing;
}

function queryOf(filter: CatalogFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(catalogSearchOf(filter)).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * '/cards/:cardId/catalogs/shop': the card's products with search, sort and filters, all kept in
 * the address, two tiles a row, page by page (spec app-core §2 catalogs/shop). `focusSearch` is the
 * v2 `catalogs/search` page: the same list with the search box ready for typing.
 */
export function ShopListPage({ focusSearch = false }: { focusSearch?: boolean }) {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('shop');
  const { t: common } = useTranslation();
  const goBack = useBackNavigation();
  const sortId = useId();
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => catalogFilterOf(search), [search]);
  const [filtering, setFiltering] = useState(false);
  const { card, format } = useShopCard(cardId);
  const catalog = useCatalog(cardId, filter);
  const first = catalog.data?.pages[0];

  const change = (next: CatalogFilter, { replace = false } = {}) => setSearch(queryOf(next), { replace });

  // Typing replaces the address rather than stacking an entry per pause.
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const searchFor = (text: string, { now = false } = {}) => {
    clearTimeout(typing.current);
    // Read from the address as it is then: a sort or filter chosen meanwhile stays.
    const apply = () => {
      const query = text.trim();
      // A search the member settled on (typing paused, or submitted) is reported once, not each letter.
      if (query && query !== filter.q) recordShopEvent({ name: 'search_item', cardId, query });
      setSearch((current) => queryOf({ ...catalogFilterOf(current), q: query || undefined }), { replace: !now });
    };
    if (now) apply();
    else typing.current = setTimeout(apply, SEARCH_DEBOUNCE_MS);
  };

  const priceRangeRefused = catalog.error instanceof ApiError && catalog.error.code === 'CATALOG_PRICE_RANGE';
  const sheetCount = sheetFilterCount(filter);

  const body = () => {
    if (priceRangeRefused) {
      return (
        <div className="shop-error" role="alert">
          <p>{common('errors.CATALOG_PRICE_RANGE')}</p>
          <Button variant="secondary" onClick={() => setFiltering(true)}>
            {t('filter.change')}
          </Button>
        </div>
      );
    }
    if (card.isError || catalog.isError) {
      return <ShopLoadError reads={[card, catalog]} />;
    }
    if (!first || !format) return <ProductGridSkeleton count={6} />;
    const products = (catalog.data?.pages ?? []).flatMap((page) => page.data);
    if (products.length === 0 && Object.keys(filterWithoutSort(filter)).length === 0) {
      return <EmptyState illustration={<ShopBagIllustration />} title={t('home.empty.title')} message={t('home.empty.message')} />;
    }
    if (products.length === 0) {
      return (
        <EmptyState
          illustration={<SearchIllustration />}
          title={t('list.empty.title')}
          message={t('list.empty.message')}
          action={
            <Button variant="secondary" onClick={() => change({})}>
              {t('list.clearFilters')}
            </Button>
          }
        />
      );
    }
    return (
      <>
        <ul className="product-grid" aria-busy={catalog.isPlaceholderData || undefined}>
          {products.map((product) => (
            <li key={product.id}>
              <ProductTile cardId={cardId} product={product} format={format} />
            </li>
          ))}
        </ul>
        {catalog.hasNextPage ? <LoadMoreButton onLoadMore={() => void catalog.fetchNextPage()} loading={catalog.isFetchingNextPage} /> : null}
      </>
    );
  };

  return (
    <AppLayout header={<Header title={t('list.title')} subtitle={card.data?.cardProgram.programName} onBack={goBack} actions={<CartButton cardId={cardId} />} />}>
      <div className="shop-page">
        <CatalogSearch value={filter.q ?? ''} onChange={(text) => searchFor(text)} onSubmit={(text) => searchFor(text, { now: true })} autoFocus={focusSearch} />
        <div className="shop-toolbar">
          <label htmlFor={sortId} className="visually-hidden">
            {t('sort.label')}
          </label>
          <select
            id={sortId}
            className="text-input shop-toolbar__sort"
            value={filter.sort ?? 'recommended'}
            onChange={(event) => change({ ...filter, sort: event.target.value as CatalogSort })}
          >
            {catalogSorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sort.${sort}`)}
              </option>
            ))}
          </select>
          <button type="button" className="shop-toolbar__filter" aria-haspopup="dialog" onClick={() => setFiltering(true)}>
            <FilterIcon />
            <span>{t('filter.open')}</span>
            {sheetCount > 0 ? (
              <span className="shop-toolbar__filter-count">
                <span className="visually-hidden">{t('filter.activeCount', { count: sheetCount })}</span>
                <span aria-hidden="true">{sheetCount}</span>
              </span>
            ) : null}
          </button>
        </div>
        <p className="shop-count" role="status">
          {first && !catalog.isError ? t('list.count', { count: first.total }) : null}
        </p>
        {body()}
      </div>
      {filtering ? (
        <FilterSheet
          filter={filter}
          categories={first?.categories ?? []}
          onClose={() => setFiltering(false)}
          onApply={(choice) => {
            setFiltering(false);
            change({ ...filter, ...choice });
          }}
        />
      ) : null}
    </AppLayout>
  );
}
