import { z } from 'zod';

/*
 * Events the server records for the merchant's engagement reports (docs/decisions/022-analytics-events.md).
 * `add_to_cart` comes from the app, checked against the card's catalog; `purchase_started` is written
 * by the checkout itself when a member places an order.
 */
export const analyticsEventNames = ['add_to_cart', 'purchase_started'] as const;
export type AnalyticsEventName = (typeof analyticsEventNames)[number];

/** POST /api/v2/events: what the app tells the server the member did. */
export const memberEventBodySchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('add_to_cart'),
    cardId: z.string().min(1).max(64),
    productId: z.string().min(1).max(64),
    quantity: z.number().int().min(1).max(10_000),
  }),
]);
export type MemberEventBody = z.infer<typeof memberEventBodySchema>;
