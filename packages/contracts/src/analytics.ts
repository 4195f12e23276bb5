import { z } from 'zod';

/*
 * Events the server records for the merchant's engagement reports (docs/decisions/022-analytics-events.md).
 * `add_to_cart` and `search_item` come from the app, checked against the card's catalog;
 * `purchase_started` is written by the checkout when a member places an order, `subscription_cancel`
 * by the cancellation and `subscription_renew` when a renewal's payment is paid.
 */
export const analyticsEventNames = ['add_to_cart', 'search_item', 'purchase_started', 'subscription_cancel', 'subscription_renew'] as const;
export type AnalyticsEventName = (typeof analyticsEventNames)[number];

/** POST /api/v2/events: what the app tells the server the member did. */
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
    /** What the member searched the card's catalog for, as the catalog reads it. */
    query: z.string().trim().min(1).max(100),
  }),
]);
export type MemberEventBody = z.infer<typeof memberEventBodySchema>;
