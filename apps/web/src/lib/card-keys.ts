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
  /** A subscription program card's plans and the member's subscription. */
  subscription: (cardId: string) => [...cardKeys.detail(cardId), 'subscription'] as const,
  /** A plan's price and fee lines for a payment method. */
  subscriptionFees: (cardId: string, planId: string, method: string | null) => [...cardKeys.subscription(cardId), 'fees', planId, method ?? 'none'] as const,
  /** The methods the card's merchant takes, and the key to tokenise a card with. */
  paymentOptions: (cardId: string) => [...cardKeys.detail(cardId), 'payment-options'] as const,
  /** The card's catalog: every list of it (one per filter), its products, and the cart's quotes. */
  catalog: (cardId: string) => [...cardKeys.detail(cardId), 'catalog'] as const,
  catalogList: (cardId: string, filter: Readonly<Record<string, string | number | undefined>>) => [...cardKeys.catalog(cardId), 'list', filter] as const,
  product: (cardId: string, productType: string, productId: string) => [...cardKeys.catalog(cardId), 'product', productType, productId] as const,
  cartQuote: (cardId: string, items: readonly { productId: string; quantity: number }[]) => [...cardKeys.catalog(cardId), 'quote', items] as const,
  /** The card's banners: the row on its page, or its in-app banners. */
  banners: (cardId: string, placement: 'card' | 'in_app') => [...cardKeys.detail(cardId), 'banners', placement] as const,
  /** A gift card's balance, code and charges. */
  giftCard: (cardId: string) => [...cardKeys.detail(cardId), 'gift-card'] as const,
  /** One payment made with one of the member's gift cards. */
  giftCardCharge: (chargeId: string) => [...cardKeys.all, 'gift-card-charges', chargeId] as const,
  /** Looking a number up while adding a card; never shared with the member's own cards. */
  preview: (cardNumber: string) => [...cardKeys.all, 'preview', cardNumber] as const,
};
