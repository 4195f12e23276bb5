/*
 * Query keys of the member's e-vouchers. Every key sits under ['vouchers'], so an order placed or
 * a voucher redeemed clears them all at once (spec: app-core §4 cache clearing).
 */

/** The wallet's three views: usable, used or expired, and the ones the member hid. */
export const voucherViews = ['active', 'history', 'hidden'] as const;
export type VoucherView = (typeof voucherViews)[number];

export const voucherKeys = {
  all: ['vouchers'] as const,
  wallet: (view: VoucherView, cardId: string | null) => [...voucherKeys.all, 'wallet', view, cardId ?? 'all'] as const,
  detail: (voucherId: string) => [...voucherKeys.all, 'detail', voucherId] as const,
  count: () => [...voucherKeys.all, 'count'] as const,
  /** One card's usable vouchers (the spec's cardEgiftsCount): under the count, so clearing it clears them too. */
  cardCount: (cardId: string) => [...voucherKeys.count(), cardId] as const,
  /** The sender's latest gift of a voucher, under the voucher. */
  gift: (voucherId: string) => [...voucherKeys.detail(voucherId), 'gift'] as const,
  /** What a gift's link shows the friend before the PIN. */
  giftLink: (token: string) => [...voucherKeys.all, 'gift-link', token] as const,
};
