import { Route, Routes } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { CartPage } from './cart-page.tsx';
import { CatalogHomePage } from './catalog-home-page.tsx';
import { ProductPage } from './product-page.tsx';
import { ShopListPage } from './shop-list-page.tsx';

/**
 * The shop's pages under a card's `catalogs/` (config/paths.ts), loaded together as one chunk: the
 * first page's script names one lazy module for all of them, and going from the list to a product
 * and to the cart fetches nothing more. Under /v2, `search` is the list with its search box focused.
 */
export function ShopRoutes({ v2 = false }: { v2?: boolean }) {
  return (
    <Routes>
      <Route index element={<CatalogHomePage />} />
      <Route path="shop" element={<ShopListPage />} />
      {v2 ? <Route path="search" element={<ShopListPage focusSearch />} /> : null}
      <Route path="carts" element={<CartPage />} />
      <Route path=":productType/:productId" element={<ProductPage />} />
      <Route path="*" element={<UnknownShopPage />} />
    </Routes>
  );
}

/** An address under `catalogs/` that names no shop page: the app's 404 page, through its error boundary. */
function UnknownShopPage(): never {
  const { t } = useTranslation();
  throw new PageNotFoundError(t('notFound.site'));
}
