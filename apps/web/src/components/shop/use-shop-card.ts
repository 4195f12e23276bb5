import { ApiError } from '../../lib/api-client.ts';
import { useCard } from '../../lib/card-detail.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { PageNotFoundError } from '../../lib/page-not-found.ts';
import { useShopFormat } from './use-shop-format.ts';

const notFoundStatuses = new Set([400, 404, 422]);

/** The 404 look for a missing card or product (spec app-core §8: 400, 404 and 422 read as not found). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && notFoundStatuses.has(error.status);
}

/**
 * The card a shop page is about, for its unit and currency. A card that does not exist shows the
 * 404 page; any other failure is the page's to show with a retry.
 */
export function useShopCard(cardId: string) {
  const { t } = useTranslation('shop');
  const card = useCard(cardId);
  const format = useShopFormat(card.data);
  if (card.isError && isNotFound(card.error)) throw new PageNotFoundError(t('errors.cardNotFound'));
  return { card, format };
}
