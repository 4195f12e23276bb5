import { useId } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Order } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { PaymentFailureDialog } from '../../../components/payment/payment-failure-dialog.tsx';
import { PaymentInstructions } from '../../../components/payment/payment-instructions.tsx';
import { usePaymentFailureDialog } from '../../../components/payment/use-payment-failure-dialog.ts';
import { PaymentProofUpload } from '../../../components/payment/payment-proof-upload.tsx';
import { PaymentStatusHero } from '../../../components/payment/payment-status-hero.tsx';
import { PaymentSummary } from '../../../components/payment/payment-summary.tsx';
import { paymentCurrency } from '../../../components/payment/payment-currency.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';
import { isPaymentOpen } from '../api/get-order.ts';
import { OrderDelivery } from '../components/order-delivery.tsx';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';
import { OrderLineList, PaidSummary, PriceBreakdown } from '../components/order-summary.tsx';
import { OrderTimeline } from '../components/order-timeline.tsx';
import { OrderVouchers } from '../components/order-vouchers.tsx';
import { ORDER_PROCESSING_DAYS, processingDeadline } from '../order-processing.ts';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';
import { OrderLoaded } from '../components/order-loaded.tsx';
import { useShopOrder } from '../components/use-shop-order.ts';
import '../../../components/shop/shop.css';
import '../orders.css';

/**
 * '/cards/:cardId/orders/:orderId' (and its /v2 twin): one order: its status and history (with
 * when the merchant is due to have processed it), its open
 * payment followed live with what to do next, what was bought, where it goes, what it cost and what
 * was paid, with the ways to its receipt and its tracking. A provider's page sends the member here.
 */
export function OrderPage() {
  const { cardId = '', orderId = '' } = useParams();
  const { t } = useTranslation('shop');
  const goBack = useBackNavigation();
  const { card, format, order } = useShopOrder(cardId, orderId);


  return (
    <AppLayout header={<Header title={t('order.title')} subtitle={order.data ? t('order.numbered', { number: order.data.number }) : undefined} onBack={goBack} />}>
      <div className="shop-page order-page">
        <OrderLoaded card={card} format={format} order={order}>
          {(loaded, loadedFormat) => <OrderView cardId={cardId} order={loaded} format={loadedFormat} onExpire={() => void order.refetch()} />}
        </OrderLoaded>
      </div>
    </AppLayout>
  );
}

function OrderView({ cardId, order, format, onExpire }: { cardId: string; order: Order; format: ShopFormat; onExpire: () => void }) {
  const { t } = useTranslation('shop');
  const { t: payments } = useTranslation('payments');
  const { merchant } = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const { payment } = order;
  const open = isPaymentOpen(order);
  const failure = usePaymentFailureDialog(payment);
  const deadline = processingDeadline(order);
  return (
    <>
      {failure.open && payment ? (
        // The order failed with its payment and gave back what it took: trying again is shopping again.
        <PaymentFailureDialog failureReason={payment.failureReason} onTryAgain={() => void navigate(paths.cardCatalogs.href({ cardId }))} onClose={failure.close} />
      ) : null}
      <section className="checkout-section" aria-labelledby={`${id}-status`}>
        <div className="order-page__status">
          <h2 id={`${id}-status`} className="checkout-section__title">
            {t('order.status')}
          </h2>
          <OrderStatusBadge status={order.status} colour={order.statusColour} />
        </div>
        <p className="visually-hidden" role="status">
          {t(`orderStatus.${order.status}`)}
        </p>
        {deadline ? <p className="order-page__processing">{t('order.processing', { days: ORDER_PROCESSING_DAYS, deadline: format.dateTime(deadline.toISOString()) })}</p> : null}
        <OrderTimeline history={order.history} format={format} headingId={`${id}-status`} />
      </section>
      {payment && open && payment.method === 'cash_on_delivery' && payment.instructions ? (
        // Cash is paid to the courier or at the counter: nothing to wait for on this page.
        <div className="order-page__instructions card-surface">
          <PaymentInstructions instructions={payment.instructions} expiresAt={payment.expiresAt} onExpire={onExpire} returnTo={location.pathname} headingLevel={2} />
        </div>
      ) : null}
      {payment && open && payment.method !== 'cash_on_delivery' ? (
        <PaymentStatusHero status={payment.status} headingId={`${id}-payment`}>
          {payment.status === 'waiting_payment' && payment.instructions ? (
            <div className="order-page__instructions card-surface">
              <PaymentInstructions
                instructions={payment.instructions}
                expiresAt={payment.expiresAt}
                onExpire={onExpire}
                returnTo={location.pathname}
                headingLevel={3}
                transferProof={payment.provider === 'manual' ? <PaymentProofUpload paymentId={payment.id} proof={payment.proof} /> : undefined}
              />
            </div>
          ) : null}
          {payment.provider === 'sandbox' && payment.instructions && payment.instructions.kind !== 'redirect' ? (
            <div className="order-page__sandbox">
              <ButtonLink variant="secondary" block to={paths.devPayments.href({ paymentId: payment.id }, { return: location.pathname })}>
                {payments('page.sandboxLink')}
              </ButtonLink>
              <p className="muted">{payments('page.sandboxHint')}</p>
            </div>
          ) : null}
        </PaymentStatusHero>
      ) : null}
      {payment ? <PaymentSummary payment={payment} currency={paymentCurrency(payment.currency, merchant.currency)} /> : null}
      <section className="checkout-section" aria-labelledby={`${id}-items`}>
        <h2 id={`${id}-items`} className="checkout-section__title">
          {t('checkout.items')}
        </h2>
        <OrderLineList lines={order.lines} currency={order.currency} format={format} />
      </section>
      {order.vouchers.length > 0 ? <OrderVouchers vouchers={order.vouchers} headingId={`${id}-vouchers`} /> : null}
      {order.delivery.method !== 'none' ? (
        <section className="checkout-section" aria-labelledby={`${id}-delivery`}>
          <h2 id={`${id}-delivery`} className="checkout-section__title">
            {t('delivery.title')}
          </h2>
          <OrderDelivery cardId={cardId} delivery={order.delivery} />
        </section>
      ) : null}
      <section className="checkout-section" aria-labelledby={`${id}-price`}>
        <h2 id={`${id}-price`} className="checkout-section__title">
          {t('checkout.price')}
        </h2>
        <PriceBreakdown subtotal={order.subtotal} discount={order.discount} fees={order.fees} total={order.total} currency={order.currency} format={format} />
        <PaidSummary order={order} format={format} />
      </section>
      {order.note ? (
        <section className="checkout-section" aria-labelledby={`${id}-note`}>
          <h2 id={`${id}-note`} className="checkout-section__title">
            {t('checkout.note')}
          </h2>
          <p className="order-page__note">{order.note}</p>
        </section>
      ) : null}
      <div className="order-page__links">
        <ButtonLink variant="secondary" block to={paths.cardOrderReceipt.href({ cardId, orderId: order.id })}>
          {t('receipt.open')}
        </ButtonLink>
        {order.delivery.method !== 'none' ? (
          <ButtonLink variant="secondary" block to={paths.cardOrderTrack.href({ cardId, orderId: order.id })}>
            {t('track.open')}
          </ButtonLink>
        ) : null}
      </div>
    </>
  );
}
