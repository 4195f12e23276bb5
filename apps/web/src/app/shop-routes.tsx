import { Route } from 'react-router';
import { CatalogRoutes } from '../features/catalog/routes/catalog-routes.tsx';
import { CartPage } from '../features/orders/routes/cart-page.tsx';
import { CheckoutPage } from '../features/orders/routes/checkout-page.tsx';
import { OrderRoutes, type OrderSection } from '../features/orders/routes/order-routes.tsx';

/** Which of a card's addresses the routes are mounted under: `catalogs/`, `orders/` or `distributors/`. */
export type ShopSection = 'catalogs' | OrderSection;

/**
 * The shop's pages under a card's `catalogs/`, `orders/` and `distributors/` (config/paths.ts): the
 * catalog's and the orders', with the cart and the checkout inside `catalogs/`, loaded together as
 * one chunk: the first page's script names one lazy module for all of them, so a new page adds a
 * route entry to it, not a chunk, and going from the cart to checkout and to the order fetches
 * nothing more.
 */
export function ShopRoutes({ v2 = false, section = 'catalogs' }: { v2?: boolean; section?: ShopSection }) {
  if (section !== 'catalogs') return <OrderRoutes v2={v2} section={section} />;
  return (
    <CatalogRoutes v2={v2}>
      <Route path="carts" element={<CartPage />} />
      <Route path="checkout" element={<CheckoutPage />} />
    </CatalogRoutes>
  );
}
