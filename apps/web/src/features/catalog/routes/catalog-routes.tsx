import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { UnknownPage } from '../../../lib/unknown-page.ts';
import { CatalogHomePage } from './catalog-home-page.tsx';
import { ProductPage } from './product-page.tsx';
import { ShopListPage } from './shop-list-page.tsx';

/**
 * The catalog's pages under a card's `catalogs/` (config/paths.ts), with `children`: the routes the
 * section holds besides them (the cart and the checkout, app/shop-routes.tsx). Under /v2, `search`
 * is the list with its search box focused.
 */
export function CatalogRoutes({ v2 = false, children }: { v2?: boolean; children?: ReactNode }) {
  return (
    <Routes>
      <Route index element={<CatalogHomePage />} />
      <Route path="shop" element={<ShopListPage />} />
      {v2 ? <Route path="search" element={<ShopListPage focusSearch />} /> : null}
      {children}
      <Route path=":productType/:productId" element={<ProductPage />} />
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
