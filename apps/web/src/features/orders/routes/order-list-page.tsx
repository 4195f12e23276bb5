import { Link, useParams } from 'react-router';
import type { OrderSummary } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ReceiptIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useOrders } from '../api/get-orders.ts';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';
import { ProductImage } from '../../../components/shop/product-image.tsx';
import { LoadMoreButton, ShopLoadError } from '../../../components/shop/shop-states.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';
import { useShopCard } from '../../../components/shop/use-shop-card.ts';
import '../../../components/shop/shop.css';
import '../orders.css';

/** '/cards/:cardId/orders': the card's orders, newest first, page by page by 'Load more'. */
export function OrderListPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('shop');
  const goBack = useBackNavigation();
  const { card, format } = useShopCard(cardId);
  const orders = useOrders(cardId);

  const content = () => {
    if (card.isError || orders.isError) return <ShopLoadError reads={[card, orders]} />;
    if (!orders.data || !format) {
      return (
        <LoadingRegion label={t('orders.loading')} className="cart-page__skeleton">
          <Skeleton shape="block" height="5rem" />
          <Skeleton shape="block" height="5rem" />
          <Skeleton shape="block" height="5rem" />
        </LoadingRegion>
      );
    }
    const list = orders.data.pages.flatMap((page) => page.data);
    if (list.length === 0) {
      return (
        <EmptyState
          illustration={<ReceiptIllustration />}
          title={t('orders.empty.title')}
          message={t('orders.empty.message')}
          action={<ButtonLink to={paths.cardCatalogs.href({ cardId })}>{t('cart.empty.browse')}</ButtonLink>}
        />
      );
    }
    return (
      <>
        <ul className="order-list" aria-label={t('orders.title')}>
          {list.map((order) => (
            <li key={order.id}>
              <OrderRow cardId={cardId} order={order} format={format} />
            </li>
          ))}
        </ul>
        {orders.hasNextPage ? <LoadMoreButton onLoadMore={() => void orders.fetchNextPage()} loading={orders.isFetchingNextPage} /> : null}
      </>
    );
  };

  return (
    <AppLayout header={<Header title={t('orders.title')} subtitle={card.data?.cardProgram.programName} onBack={goBack} />}>
      <div className="shop-page">{content()}</div>
    </AppLayout>
  );
}

/** One order in the list: its first item, how many more, when, the total and the status. */
function OrderRow({ cardId, order, format }: { cardId: string; order: OrderSummary; format: ShopFormat }) {
  const { t } = useTranslation('shop');
  return (
    <Link className="order-row" to={paths.cardOrder.href({ cardId, orderId: order.id })}>
      <ProductImage image={order.firstItem?.image ?? null} alt="" sizes="56px" className="order-row__image" />
      <span className="order-row__text">
        <span className="order-row__name">{order.firstItem?.name ?? t('order.numbered', { number: order.number })}</span>
        <span className="order-row__meta">
          {t('order.numbered', { number: order.number })} · {t('orders.items', { count: order.itemCount })}
        </span>
        <time className="order-row__meta" dateTime={order.createdAt}>
          {format.dateTime(order.createdAt)}
        </time>
        <span className="order-row__footer">
          <span className="order-row__total">{format.total({ ...order.total, currency: order.currency })}</span>
          <OrderStatusBadge status={order.status} colour={order.statusColour} />
        </span>
      </span>
    </Link>
  );
}
