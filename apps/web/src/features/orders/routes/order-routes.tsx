import { Route, Routes } from 'react-router';
import { UnknownPage } from '../../../lib/unknown-page.ts';
import { DistributorListPage } from './distributor-list-page.tsx';
import { DistributorPage } from './distributor-page.tsx';
import { OrderListPage } from './order-list-page.tsx';
import { OrderPage } from './order-page.tsx';
import { OrderReceiptPage } from './order-receipt-page.tsx';
import { OrderTrackPage } from './order-track-page.tsx';

/** Which of a card's addresses the routes are mounted under: `orders/` or `distributors/`. */
export type OrderSection = 'orders' | 'distributors';

/**
 * A card's orders under `orders/` and its pickup points under `distributors/` (config/paths.ts); the
 * cart and the checkout are routed inside `catalogs/` (app/shop-routes.tsx). Under /v2, tracking may
 * name its tracking number.
 */
export function OrderRoutes({ v2 = false, section }: { v2?: boolean; section: OrderSection }) {
  if (section === 'distributors') {
    return (
      <Routes>
        <Route index element={<DistributorListPage />} />
        <Route path=":distributorId" element={<DistributorPage />} />
        <Route path="*" element={<UnknownPage />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<OrderListPage />} />
      <Route path=":orderId" element={<OrderPage />} />
      <Route path=":orderId/receipt" element={<OrderReceiptPage />} />
      <Route path={v2 ? ':orderId/track/:trackingNumber?' : ':orderId/track'} element={<OrderTrackPage />} />
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
