import type { CardView } from '@kartu/contracts';

/**
 * Query keys of the cards feature. Everything about one card sits under `detail(id)`, so
 * invalidating a card refreshes its history and rewards too (spec: app-core §4 Cache invalidation).
 */
export const cardKeys = {
  all: ['cards'] as const,
  lists: () => [...cardKeys.all, 'list'] as const,
  list: (view: CardView) => [...cardKeys.lists(), view] as const,
  details: () => [...cardKeys.all, 'detail'] as const,
  detail: (cardId: string) => [...cardKeys.details(), cardId] as const,
  transactions: (cardId: string) => [...cardKeys.detail(cardId), 'transactions'] as const,
  transaction: (cardId: string, transactionId: string) => [...cardKeys.transactions(cardId), transactionId] as const,
  rewards: (cardId: string) => [...cardKeys.detail(cardId), 'rewards'] as const,
  /** Looking a number up while adding a card; never shared with the member's own cards. */
  preview: (cardNumber: string) => [...cardKeys.all, 'preview', cardNumber] as const,
};
