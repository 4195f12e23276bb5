import { useId, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { CardTokenInput, CheckoutBody, CheckoutDelivery, CheckoutQuote, PaymentMethod } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { CreditCardForm } from '../../../components/payment/credit-card-form.tsx';
import { PaymentMethodPicker } from '../../../components/payment/payment-method-picker.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BasketIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useAttemptKey } from '../../../lib/attempt-key.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { usePaymentOptions } from '../../../lib/payment-options.ts';
import { PaymentOptionsNotice } from '../../../components/payment/payment-options-notice.tsx';
import { useDeliveryAddresses } from '../api/get-delivery-addresses.ts';
import { useDistributors } from '../api/get-distributors.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import { useCheckoutQuote } from '../api/quote-checkout.ts';
import { cartItemsOf, clearCart, useCart } from '../../../lib/cart-store.ts';
import { lineProblemText } from '../../../components/shop/custom-value.tsx';
import { DeliveryChoice, isHomeMethod, type DestinationKind, type HomeDeliveryMethod } from '../components/delivery-choice.tsx';
import { OrderLineList, PriceBreakdown } from '../components/order-summary.tsx';
import { PaymentSplitSummary } from '../components/payment-split.tsx';
import { PromoCode } from '../components/promo-code.tsx';
import { CheckoutVoucherChoice } from '../components/checkout-voucher.tsx';
import { ShopLoadError } from '../../../components/shop/shop-states.tsx';
import { useShopCard } from '../../../components/shop/use-shop-card.ts';
import '../../../components/shop/shop.css';
import '../orders.css';

const NOTE_MAX = 200;

/**
 * '/cards/:cardId/catalogs/checkout': the cart as an order: its lines, the delivery when the cart
 * is carried (an address, the program's fixed one, or a pickup point), every fee and the total, how
 * points and money share it, the payment method, a note, and 'Place order'. Every figure is the
 * server's quote, asked again whenever a choice changes.
 */
export function CheckoutPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('shop');
  const goBack = useBackNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const noteId = useId();
  const cart = useCart(cardId);
  const items = useMemo(() => cartItemsOf(cart), [cart]);
  const { card, format } = useShopCard(cardId);
  // Asked without a delivery first: whether the cart is carried, and the options it can use.
  const base = useCheckoutQuote(cardId, { items });
  const needsDelivery = base.data?.needsDelivery ?? false;
  const isFixed = card.data?.isFixedAddress ?? false;
  const [kind, setKind] = useState<DestinationKind>('address');
  const [chosenAddressId, setAddressId] = useState<string | null>(null);
  const [distributorId, setDistributorId] = useState<string | null>(null);
  const [chosenMethod, setMethod] = useState<HomeDeliveryMethod | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const [note, setNote] = useState('');
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [voucherId, setVoucherId] = useState<string | null>(null);
  const [methodMissing, setMethodMissing] = useState(false);
  const addresses = useDeliveryAddresses({ enabled: needsDelivery && card.data?.isFixedAddress === false });
  const distributors = useDistributors(cardId, { enabled: needsDelivery && kind === 'pickup' });
  const payments = usePaymentOptions(cardId);
  const place = usePlaceOrder(cardId);
  const attempt = useAttemptKey();

  const homeOptions = (base.data?.deliveryOptions ?? []).filter(isHomeMethod);
  const method = chosenMethod ?? (homeOptions.find((option) => option.isAvailable) ?? homeOptions[0])?.method ?? null;
  // The primary address comes first in the list and is chosen until the member picks another.
  const addressId = chosenAddressId ?? addresses.data?.find((address) => address.isPrimary)?.id ?? addresses.data?.[0]?.id ?? null;
  const delivery = deliveryOf({ quote: base.data, kind, isFixed, method, addressId, distributorId });
  const body: CheckoutBody = { items, ...(delivery && { delivery }), ...(paymentMethod && { paymentMethod }), ...(promoCode && { promoCode }), ...(voucherId && { voucherId }) };
  const priced = useCheckoutQuote(cardId, body, { enabled: delivery !== undefined });
  const quote = (delivery ? priced.data : undefined) ?? base.data;
  const settled = delivery !== undefined && priced.data !== undefined && !priced.isPlaceholderData && !priced.isFetching;
  const methods = (payments.data?.listPayment ?? []).filter((candidate) => needsDelivery || candidate !== 'cash_on_delivery');

  const submit = async (creditCard?: CardTokenInput) => {
    if (!quote || !delivery) return;
    if (quote.payment.needsPaymentMethod && !paymentMethod) {
      setMethodMissing(true);
      return;
    }
    const sent: CheckoutBody = { ...body, ...(creditCard && { card: creditCard }), ...(note.trim() && { note: note.trim() }) };
    const idempotencyKey = attempt.keyFor(JSON.stringify({ ...sent, card: creditCard?.token ?? null }));
    try {
      const order = await place.mutateAsync({ body: sent, idempotencyKey });
      attempt.settle();
      await navigate(paths.cardOrder.href({ cardId, orderId: order.id }), { replace: true });
      clearCart(cardId);
    } catch {
      // The refusal is shown under the button, translated.
    }
  };

  const content = () => {
    if (cart.length === 0) {
      return (
        <EmptyState
          illustration={<BasketIllustration />}
          title={t('cart.empty.title')}
          message={t('cart.empty.message')}
          action={<ButtonLink to={paths.cardCatalogs.href({ cardId })}>{t('cart.empty.browse')}</ButtonLink>}
        />
      );
    }
    if (card.isError || base.isError || priced.isError) return <ShopLoadError reads={[card, base, priced]} />;
    if (!quote || !format || !card.data) {
      return (
        <LoadingRegion label={t('loading')} className="cart-page__skeleton">
          <Skeleton shape="block" height="6rem" />
          <Skeleton shape="block" height="8rem" />
          <Skeleton shape="block" height="5rem" />
        </LoadingRegion>
      );
    }
    const problems = quote.problems;
    const needsMethod = quote.payment.needsPaymentMethod;
    // business-rules §8 delivery: the program offers no way to deliver this cart, or no way to pay its money.
    const noMethod = (quote.needsDelivery && quote.deliveryOptions.length === 0) || (needsMethod && payments.data?.isValid === true && methods.length === 0);
    const canPlace = settled && quote.isValid && !noMethod && !place.isPending;
    const refusal = place.isError ? (describeApiError(place.error) ?? t('checkout.failed')) : null;
    const useCardForm = needsMethod && paymentMethod === 'credit_card' && payments.data?.provider && payments.data.publicKey;
    return (
      <>
        {problems.length > 0 ? (
          <div className="cart-problems cart-problems--cart" role="alert">
            <ul>
              {problems.map((problem) => (
                <li key={`${problem.code}-${problem.productId ?? ''}`}>{lineProblemText(problem, t, { format, currency: quote.currency, isDonation: false })}</li>
              ))}
            </ul>
            <ButtonLink variant="secondary" to={paths.cardCart.href({ cardId })}>
              {t('checkout.backToCart')}
            </ButtonLink>
          </div>
        ) : null}
        <section className="checkout-section" aria-labelledby="checkout-items">
          <h2 id="checkout-items" className="checkout-section__title">
            {t('checkout.items')}
          </h2>
          <OrderLineList lines={quote.lines} currency={quote.currency} format={format} />
        </section>
        {quote.needsDelivery ? (
          <DeliveryChoice
            card={card.data}
            options={quote.deliveryOptions}
            kind={kind}
            onKind={setKind}
            addresses={addresses.data}
            addressId={addressId}
            onAddress={setAddressId}
            distributors={distributors.data}
            distributorId={distributorId}
            onDistributor={setDistributorId}
            method={method}
            onMethod={setMethod}
            returnTo={`${location.pathname}${location.search}`}
            currency={quote.currency}
            format={format}
          />
        ) : null}
        {/* An order takes a promo code or a voucher: applying one removes the other. */}
        <PromoCode
          applied={promoCode}
          answer={settled ? quote.promo : undefined}
          currency={quote.currency}
          format={format}
          disabled={place.isPending}
          onApply={(code) => {
            setPromoCode(code);
            if (code) setVoucherId(null);
          }}
        />
        <CheckoutVoucherChoice
          cardId={cardId}
          applied={voucherId}
          answer={settled ? quote.voucher : undefined}
          currency={quote.currency}
          format={format}
          disabled={place.isPending}
          onApply={(id) => {
            setVoucherId(id);
            if (id) setPromoCode(null);
          }}
        />
        {/* Busy while the price for the chosen delivery is on its way; with no address yet, the cart's own price is final. */}
        <section className="checkout-section" aria-labelledby="checkout-price" aria-busy={(delivery !== undefined && !settled) || undefined}>
          <h2 id="checkout-price" className="checkout-section__title">
            {t('checkout.price')}
          </h2>
          <PriceBreakdown subtotal={quote.subtotal} fees={quote.fees} total={quote.total} currency={quote.currency} format={format} discount={quote.promo?.discount ?? quote.voucher?.discount} />
        </section>
        <section className="checkout-section" aria-labelledby="checkout-payment">
          <h2 id="checkout-payment" className="checkout-section__title">
            {t('checkout.payment')}
          </h2>
          <PaymentSplitSummary payment={quote.payment} currency={quote.currency} format={format} />
          {needsMethod ? <PaymentOptionsNotice options={payments} unavailable={t('checkout.paymentsUnavailable')} className="checkout-notice" /> : null}
          {needsMethod && methods.length > 0 ? (
            <PaymentMethodPicker
              methods={methods}
              value={paymentMethod}
              disabled={place.isPending}
              error={methodMissing && !paymentMethod ? t('checkout.chooseMethod') : null}
              onChange={(chosen) => {
                setPaymentMethod(chosen);
                setMethodMissing(false);
              }}
            />
          ) : null}
        </section>
        <div className="field">
          <label htmlFor={noteId} className="field__label">
            {t('checkout.note')}
          </label>
          <textarea id={noteId} className="text-input checkout-note" rows={2} maxLength={NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
        {noMethod ? (
          <p className="checkout-notice" role="alert">
            {t('checkout.noMethod')}
          </p>
        ) : null}
        {refusal ? (
          <p className="checkout-error" role="alert">
            {refusal}
          </p>
        ) : null}
        {useCardForm && payments.data?.provider && payments.data.publicKey ? (
          <CreditCardForm
            provider={payments.data.provider}
            publicKey={payments.data.publicKey}
            tokenizationUrl={payments.data.tokenizationUrl}
            submitLabel={t('checkout.place')}
            busy={place.isPending}
            onTokenized={submit}
          />
        ) : (
          <Button block loading={place.isPending} disabled={!canPlace || delivery === undefined} onClick={() => void submit()}>
            {t('checkout.place')}
          </Button>
        )}
      </>
    );
  };

  return (
    <AppLayout header={<Header title={t('checkout.title')} subtitle={card.data?.cardProgram.programName} onBack={goBack} />}>
      <div className="shop-page">{content()}</div>
    </AppLayout>
  );
}

interface DeliveryInput {
  quote: CheckoutQuote | undefined;
  kind: DestinationKind;
  isFixed: boolean;
  method: HomeDeliveryMethod | null;
  addressId: string | null;
  distributorId: string | null;
}

/** The delivery the checkout sends, once everything it needs is chosen; `none` for a cart that is not carried. */
function deliveryOf({ quote, kind, isFixed, method, addressId, distributorId }: DeliveryInput): CheckoutDelivery | undefined {
  if (!quote) return undefined;
  if (!quote.needsDelivery) return { method: 'none' };
  if (kind === 'pickup' && !isFixed) return distributorId ? { method: 'pickup', distributorId } : undefined;
  if (!method) return undefined;
  if (isFixed) return { method };
  return addressId ? { method, addressId } : undefined;
}
