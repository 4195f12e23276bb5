import type { Order } from '@kartu/contracts';
import { useId } from 'react';
import { useParams } from 'react-router';
import { copyToClipboard } from '../../../components/feedback/copy-to-clipboard.ts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';
import { OrderTimeline } from '../components/order-timeline.tsx';
import { OrderLoaded } from '../components/order-loaded.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';
import { useShopOrder } from '../components/use-shop-order.ts';
import '../../../components/shop/shop.css';
import '../orders.css';

/**
 * '/cards/:cardId/orders/:orderId/track' (under /v2 with the tracking number after it): the courier
 * and the tracking number to copy, once the merchant has sent the order, and the status history.
 */
export function OrderTrackPage() {
  const { cardId = '', orderId = '' } = useParams();
  const { t } = useTranslation('shop');
  const goBack = useBackNavigation();
  const id = useId();
  const { card, format, order } = useShopOrder(cardId, orderId);

  const copy = async (trackingNumber: string) => {
    if (await copyToClipboard(trackingNumber)) toast.success(t('track.copied'));
    else toast.error(t('track.copyFailed'));
  };

  const content = (loaded: Order, format: ShopFormat) => {
    const { delivery, history, status, statusColour } = loaded;
    return (
      <>
        <section className="checkout-section" aria-labelledby={`${id}-shipment`}>
          <h2 id={`${id}-shipment`} className="checkout-section__title">
            {t('track.shipment')}
          </h2>
          {delivery.trackingNumber ? (
            <dl className="order-facts">
              <div className="order-facts__row">
                <dt>{t('track.courier')}</dt>
                <dd>{delivery.courier ?? '—'}</dd>
              </div>
              <div className="order-facts__row">
                <dt>{t('track.number')}</dt>
                <dd className="track-number">
                  <span className="track-number__value">{delivery.trackingNumber}</span>
                  <Button variant="secondary" aria-label={t('track.copyNumber')} onClick={() => void copy(delivery.trackingNumber ?? '')}>
                    {t('track.copy')}
                  </Button>
                </dd>
              </div>
            </dl>
          ) : (
            <p className="muted">{t('track.none')}</p>
          )}
        </section>
        <section className="checkout-section" aria-labelledby={`${id}-history`}>
          <div className="order-page__status">
            <h2 id={`${id}-history`} className="checkout-section__title">
              {t('track.history')}
            </h2>
            <OrderStatusBadge status={status} colour={statusColour} />
          </div>
          <OrderTimeline history={history} format={format} headingId={`${id}-history`} />
        </section>
      </>
    );
  };

  return (
    <AppLayout header={<Header title={t('track.title')} subtitle={order.data ? t('order.numbered', { number: order.data.number }) : undefined} onBack={goBack} />}>
      <div className="shop-page">
        <OrderLoaded card={card} format={format} order={order}>
          {content}
        </OrderLoaded>
      </div>
    </AppLayout>
  );
}
