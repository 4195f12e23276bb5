import { z } from 'zod';

/* Apart from the subscription routes' schemas, so the wallet's pages load none of the payments contracts. */

// spec business-rules §4: inactive (never paid), cancelled (benefits kept until the end date),
// expired (the period ran out unpaid), ended (a cancelled one past its end).
export const subscriptionStatuses = ['inactive', 'active', 'cancelled', 'expired', 'ended'] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

const instant = z.string().datetime();

/** spec: app-core §3 Card detail. */
export const cardSubscriptionSchema = z.object({
  /** True while the member has no paid period: never subscribed, expired or ended. */
  isExpired: z.boolean(),
  status: subscriptionStatusSchema,
  /** Benefits last until then; null before the first payment. */
  endsAt: instant.nullable(),
});
export type CardSubscription = z.infer<typeof cardSubscriptionSchema>;
