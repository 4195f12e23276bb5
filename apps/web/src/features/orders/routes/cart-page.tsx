import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { CartProblem } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { TrashIcon } from '../../../components/layout/icons.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BasketIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useCartQuote } from '../api/quote-cart.ts';
import { cartItemsOf, removeFromCart, useCart } from '../../../lib/cart-store.ts';
import { CartLineRow } from '../components/cart-line.tsx';
import { ShopLoadError } from '../../../components/shop/shop-states.tsx';
import { useShopCard } from '../../../components/shop/use-shop-card.ts';
import '../../../components/shop/shop.css';
import '../orders.css';
import { PRECIOUS_METAL_MAX_PER_TRANSACTION } from '@kartu/core/constants';

/** The cart-wide rules, shown above the lines; the precious-metal cap says its limit. */
function cartProblemText(problem: CartProblem, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (problem.code === 'precious_metal_limit') return t('problems.precious_metal_limit', { count: problem.limit ?? PRECIOUS_METAL_MAX_PER_TRANSACTION });
  return t(`problems.${problem.code}`);
}

/**
 * '/cards/:cardId/catalogs/carts': the card's cart as the server prices it: its lines with their
 * problems, the cart's own problems above them, and the subtotal in points and money. Nothing here
 * is summed on the device.
 */
export function CartPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('shop');
  const goBack = useBackNavigation();
  const cart = useCart(cardId);
  const items = useMemo(() => cartItemsOf(cart), [cart]);
  const { card, format } = useShopCard(cardId);
  const quote = useCartQuote(cardId, items);

  const body = () => {
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
    if (card.isError || quote.isError) {
      return <ShopLoadError reads={[card, quote]} />;
    }
    if (!quote.data || !format) {
      return (
        <LoadingRegion label={t('loading')} className="cart-page__skeleton">
          {cart.map((entry) => (
            <Skeleton key={entry.productId} shape="block" height="6rem" />
          ))}
          <Skeleton shape="block" height="4rem" />
        </LoadingRegion>
      );
    }
    const { lines, problems, subtotal } = quote.data;
    const quantities = new Map(cart.map((entry) => [entry.productId, entry.quantity]));
    const cartWide = problems.filter((problem) => problem.productId === undefined);
    const gone = problems.filter((problem) => problem.code === 'unavailable' && problem.productId !== undefined && quantities.has(problem.productId));
    return (
      <>
        {cartWide.length > 0 ? (
          <ul className="cart-problems cart-problems--cart" role="alert">
            {cartWide.map((problem) => (
              <li key={problem.code}>{cartProblemText(problem, t)}</li>
            ))}
          </ul>
        ) : null}
        <ul className="cart-lines" aria-label={t('cart.lines')} aria-busy={quote.isPlaceholderData || undefined}>
          {lines.map((line) => (
            <CartLineRow
              key={line.product.id}
              cardId={cardId}
              line={line}
              quantity={quantities.get(line.product.id) ?? line.quantity}
              problems={problems.filter((problem) => problem.productId === line.product.id)}
              format={format}
            />
          ))}
          {gone.map((problem) => (
            <li key={problem.productId} className="cart-line cart-line--gone">
              <p className="cart-problems cart-problems--line">{t('problems.unavailable')}</p>
              <button type="button" className="icon-btn cart-line__remove" aria-label={t('cart.removeUnavailable')} onClick={() => removeFromCart(cardId, problem.productId ?? '')}>
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
        <section className="cart-summary" aria-labelledby="cart-subtotal">
          <h2 id="cart-subtotal" className="cart-summary__label">
            {t('cart.subtotal')}
          </h2>
          <p className="cart-summary__total" aria-live="polite">
            {format.total(subtotal)}
          </p>
        </section>
        {quote.data.isValid && !quote.isPlaceholderData ? (
          <ButtonLink block to={paths.cardCheckout.href({ cardId })}>
            {t('cart.checkout')}
          </ButtonLink>
        ) : null}
      </>
    );
  };

  return (
    <AppLayout header={<Header title={t('cart.title')} subtitle={card.data?.cardProgram.programName} onBack={goBack} />}>
      <div className="shop-page cart-page">{body()}</div>
    </AppLayout>
  );
}
