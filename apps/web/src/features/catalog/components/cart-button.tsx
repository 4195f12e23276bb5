import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CartIcon, OrdersIcon } from './shop-icons.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { cartCountOf, useCart } from '../../../lib/cart-store.ts';

/** The header's way to the cart, with how many items it holds. */
export function CartButton({ cardId }: { cardId: string }) {
  const { t } = useTranslation('shop');
  const count = cartCountOf(useCart(cardId));
  return (
    <Link className="icon-btn shop-cart-button" to={paths.cardCart.href({ cardId })} aria-label={count > 0 ? t('cart.openWithCount', { count }) : t('cart.open')}>
      <CartIcon />
      {count > 0 ? (
        <span className="icon-btn__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

/** The header's way to the card's orders. */
export function OrdersButton({ cardId }: { cardId: string }) {
  const { t } = useTranslation('shop');
  return (
    <Link className="icon-btn shop-cart-button" to={paths.cardOrders.href({ cardId })} aria-label={t('orders.title')}>
      <OrdersIcon />
    </Link>
  );
}
