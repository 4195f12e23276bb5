import type { BillCategory } from '@kartu/contracts';
import { cardKeys } from '../../../lib/card-keys.ts';

/**
 * Query keys of bills and top-ups. A card's payments sit under the card's own key, so refreshing the
 * card after paying (its points or balance changed) refreshes its payments too.
 */
export const billKeys = {
  products: (category: BillCategory) => ['bills', 'products', category] as const,
  payments: (cardId: string) => [...cardKeys.detail(cardId), 'bills'] as const,
  payment: (cardId: string, billId: string) => [...billKeys.payments(cardId), billId] as const,
};

/** The API's path of a card's bills. */
export function cardBillsApiPath(cardId: string): string {
  return `/api/v2/cards/${encodeURIComponent(cardId)}/bills`;
}
