import { z } from 'zod';

/* docs/decisions/022-analytics-events.md. Only `add_to_cart`, `search_item` and `view_card_detail` come from the app, each checked. */
export const analyticsEventNames = ['add_to_cart', 'search_item', 'purchase_started', 'subscription_cancel', 'subscription_renew', 'login', 'logout', 'view_card_detail'] as const;
export type AnalyticsEventName = (typeof analyticsEventNames)[number];

export const memberEventBodySchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('add_to_cart'),
    cardId: z.string().min(1).max(64),
    productId: z.string().min(1).max(64),
    quantity: z.number().int().min(1).max(10_000),
  }),
  z.object({
    name: z.literal('search_item'),
    cardId: z.string().min(1).max(64),
    query: z.string().trim().min(1).max(100),
  }),
  /** The member opened one of their cards' page. */
  z.object({ name: z.literal('view_card_detail'), cardId: z.string().min(1).max(64) }),
]);
export type MemberEventBody = z.infer<typeof memberEventBodySchema>;
