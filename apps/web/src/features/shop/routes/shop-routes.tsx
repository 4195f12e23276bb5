import { Route, Routes } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { CartPage } from './cart-page.tsx';
import { CatalogHomePage } from './catalog-home-page.tsx';
import { CheckoutPage } from './checkout-page.tsx';
import { DistributorListPage } from './distributor-list-page.tsx';
import { DistributorPage } from './distributor-page.tsx';
import { OrderListPage } from './order-list-page.tsx';
import { OrderPage } from './order-page.tsx';
import { OrderReceiptPage } from './order-receipt-page.tsx';
import { OrderTrackPage } from './order-track-page.tsx';
import { ProductPage } from './product-page.tsx';
import { ShopListPage } from './shop-list-page.tsx';

/** Which of a card's addresses the routes are mounted under: `catalogs/`, `orders/` or `distributors/`. */
export type ShopSection = 'catalogs' | 'orders' | 'distributors';

/**
 * The shop's pages under a card's `catalogs/`, `orders/` and `distributors/` (config/paths.ts),
 * loaded together as one chunk: the first page's script names one lazy module for all of them, so a
 * new page adds a route entry to it, not a chunk, and going from the cart to checkout and to the
 * order fetches nothing more. Under /v2, `search` is the list with its search box focused, and
 * tracking may name its tracking number.
 */
export function ShopRoutes({ v2 = false, section = 'catalogs' }: { v2?: boolean; section?: ShopSection }) {
  if (section === 'orders') {
    return (
      <Routes>
        <Route index element={<OrderListPage />} />
        <Route path=":orderId" element={<OrderPage />} />
        <Route path=":orderId/receipt" element={<OrderReceiptPage />} />
        <Route path={v2 ? ':orderId/track/:trackingNumber?' : ':orderId/track'} element={<OrderTrackPage />} />
        <Route path="*" element={<UnknownShopPage />} />
      </Routes>
    );
  }
  if (section === 'distributors') {
    return (
      <Routes>
        <Route index element={<DistributorListPage />} />
        <Route path=":distributorId" element={<DistributorPage />} />
        <Route path="*" element={<UnknownShopPage />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<CatalogHomePage />} />
      <Route path="shop" element={<ShopListPage />} />
      {v2 ? <Route path="search" element={<ShopListPage focusSearch />} /> : null}
      <Route path="carts" element={<CartPage />} />
      <Route path="checkout" element={<CheckoutPage />} />
      <Route path=":productType/:productId" element={<ProductPage />} />
      <Route path="*" element={<UnknownShopPage />} />
    </Routes>
  );
}

/** An address under the shop's sections that names no page: the app's 404 page, through its error boundary. */
function UnknownShopPage(): never {
  const { t } = useTranslation();
  throw new PageNotFoundError(t('notFound.site'));
}
