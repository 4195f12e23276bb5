import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useOrder } from '../api/get-order.ts';
import { isNotFound, useShopCard } from '../../../components/shop/use-shop-card.ts';

/**
 * The order an order page is about, with its card for the formats. An order that is not the card's
 * shows the 404 page (spec app-core §8); any other failure is the page's to show with a retry.
 */
export function useShopOrder(cardId: string, orderId: string) {
  const { t } = useTranslation();
  const { card, format } = useShopCard(cardId);
  const order = useOrder(cardId, orderId);
  if (order.isError && isNotFound(order.error)) throw new PageNotFoundError(t('errors.ORDER_NOT_FOUND'));
  return { card, format, order };
}
