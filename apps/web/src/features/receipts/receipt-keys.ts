import { cardKeys } from '../../lib/card-keys.ts';

/** Under the card's own key, so refreshing a card (its review answered in the inbox) refreshes its receipts too. */
export const receiptKeys = {
  list: (cardId: string) => [...cardKeys.detail(cardId), 'receipts'] as const,
  campaign: (cardId: string, code: string) => [...cardKeys.detail(cardId), 'receipt-campaigns', code] as const,
};

export const cardReceiptsApiPath = (cardId: string) => `/api/v2/cards/${encodeURIComponent(cardId)}/receipts`;
