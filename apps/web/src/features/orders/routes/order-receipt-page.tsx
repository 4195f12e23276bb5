import type { Order } from '@kartu/contracts';
import { useParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';
import { OrderLineList, PaidSummary, PriceBreakdown } from '../components/order-summary.tsx';
import { OrderLoaded } from '../components/order-loaded.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';
import { useShopOrder } from '../components/use-shop-order.ts';
import '../../../components/shop/shop.css';
import '../orders.css';

/**
 * '/cards/:cardId/orders/:orderId/receipt': the order as a receipt to keep: the merchant, the order
 * number and date, the lines, fees, totals and what was paid. Printing leaves the app's chrome out.
 */
export function OrderReceiptPage() {
  const { cardId = '', orderId = '' } = useParams();
  const { t } = useTranslation('shop');
  const { t: payments } = useTranslation('payments');
  const goBack = useBackNavigation();
  const { merchant } = useSite();
  const { card, format, order } = useShopOrder(cardId, orderId);

  const content = (loaded: Order, format: ShopFormat) => {
    const receipt = loaded;
    return (
      <>
        <article className="receipt" aria-labelledby="receipt-title">
          <header className="receipt__header">
            <p className="receipt__brand">{merchant.brand}</p>
            <h2 id="receipt-title" className="receipt__title">
              {t('receipt.heading')}
            </h2>
            <dl className="order-facts">
              <div className="order-facts__row">
                <dt>{t('receipt.number')}</dt>
                <dd>{receipt.number}</dd>
              </div>
              <div className="order-facts__row">
                <dt>{t('receipt.date')}</dt>
                <dd>
                  <time dateTime={receipt.createdAt}>{format.dateTime(receipt.createdAt)}</time>
                </dd>
              </div>
              <div className="order-facts__row">
                <dt>{t('order.status')}</dt>
                <dd>{t(`orderStatus.${receipt.status}`)}</dd>
              </div>
              {receipt.payment ? (
                <div className="order-facts__row">
                  <dt>{t('receipt.paymentMethod')}</dt>
                  <dd>{payments(`methods.${receipt.payment.method}.name`)}</dd>
                </div>
              ) : null}
            </dl>
          </header>
          <OrderLineList lines={receipt.lines} currency={receipt.currency} format={format} />
          <PriceBreakdown subtotal={receipt.subtotal} discount={receipt.discount} fees={receipt.fees} total={receipt.total} currency={receipt.currency} format={format} />
          <PaidSummary order={receipt} format={format} />
        </article>
        <Button block className="receipt__print" onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
      </>
    );
  };

  return (
    <AppLayout header={<Header title={t('receipt.title')} onBack={goBack} />}>
      <div className="shop-page receipt-page">
        <OrderLoaded card={card} format={format} order={order}>
          {content}
        </OrderLoaded>
      </div>
    </AppLayout>
  );
}
