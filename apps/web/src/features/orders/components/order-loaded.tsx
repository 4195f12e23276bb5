import type { ReactNode } from 'react';
import type { Order } from '@kartu/contracts';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { ShopLoadError } from '../../../components/shop/shop-states.tsx';
import type { useShopOrder } from './use-shop-order.ts';

type ShopOrder = ReturnType<typeof useShopOrder>;

/**
 * What every order page shows before its order is there: the failure with a retry, or the loading
 * skeleton; once the order and the card's formats are read, the page's own content.
 */
export function OrderLoaded({ card, order, format, children }: ShopOrder & { children: (order: Order, format: NonNullable<ShopOrder['format']>) => ReactNode }) {
  const { t } = useTranslation('shop');
  if (card.isError || (order.isError && !order.data)) return <ShopLoadError reads={[card, order]} />;
  if (!order.data || !format) {
    return (
      <LoadingRegion label={t('order.loading')} className="cart-page__skeleton">
        <Skeleton shape="block" height="6rem" />
        <Skeleton shape="block" height="8rem" />
      </LoadingRegion>
    );
  }
  return <>{children(order.data, format)}</>;
}
