import { z } from 'zod';
import { cardTokenInputSchema, feeLineSchema, paymentAnswerSchema, paymentMethodSchema, savedCardSchema } from './payments.ts';
import { cardSubscriptionSchema } from './subscription-state.ts';

/* docs/decisions/018-subscriptions.md: the card's menus are unlocked while the current period is paid. */

/** spec app-core §7. A renewal is of a subscription that ran out or was cancelled. */
export const subscriptionTransactionTypes = ['subscriptionNew', 'subscriptionRenewal'] as const;
export const subscriptionTransactionTypeSchema = z.enum(subscriptionTransactionTypes);
export type SubscriptionTransactionType = z.infer<typeof subscriptionTransactionTypeSchema>;

export { cardSubscriptionSchema, subscriptionStatuses, subscriptionStatusSchema, type CardSubscription, type SubscriptionStatus } from './subscription-state.ts';

const money = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const instant = z.string().datetime();

export const subscriptionPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  durationMonths: z.number().int().min(1),
  /** Minor units of `currency`. */
  price: money,
  currency: z.string().regex(/^[A-Z]{3}$/),
  autoRenewDefault: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const subscriptionSchema = cardSubscriptionSchema.extend({
  id: z.string(),
  plan: subscriptionPlanSchema.pick({ id: true, name: true, durationMonths: true }),
  autoRenew: z.boolean(),
  /** An expired, ended or cancelled subscription can be paid for again; so can one in the grace after a failed renewal. */
  isRenewable: z.boolean(),
  /** Null unless auto-renew is on. */
  nextBillingDate: instant.nullable(),
  lastBillingDate: instant.nullable(),
  /** After a failed automatic renewal: benefits stay until then while the member fixes the card or pays another way. */
  graceUntil: instant.nullable(),
  card: savedCardSchema.nullable(),
  openPayment: z.object({ id: z.string(), status: z.enum(['pending', 'waiting_payment']) }).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionCardParamsSchema = z.object({ cardId: z.string().min(1).max(64) });

export const subscriptionPageSchema = z.object({
  program: z.object({ id: z.string(), name: z.string() }),
  plans: z.array(subscriptionPlanSchema),
  subscription: subscriptionSchema.nullable(),
});
export type SubscriptionPage = z.infer<typeof subscriptionPageSchema>;

export const subscriptionFeesBodySchema = z.object({
  cardId: z.string().min(1).max(64),
  planId: z.string().min(1).max(64),
  paymentMethod: paymentMethodSchema.optional(),
});
export const subscriptionFeesAnswerSchema = z.object({
  data: z.array(feeLineSchema),
  subtotal: money,
  total: money,
  currency: z.string(),
});
export type SubscriptionFees = z.infer<typeof subscriptionFeesAnswerSchema>;

/** With an Idempotency-Key. */
export const subscribeBodySchema = z.object({
  cardId: z.string().min(1).max(64),
  planId: z.string().min(1).max(64),
  transactionType: subscriptionTransactionTypeSchema,
  paymentMethod: paymentMethodSchema,
  autoRenew: z.boolean().default(false),
  /** Required for credit cards; kept for automatic renewals. */
  card: cardTokenInputSchema.optional(),
});
export type SubscribeBody = z.input<typeof subscribeBodySchema>;
export const subscribeAnswerSchema = z.object({ subscription: subscriptionSchema, payment: paymentAnswerSchema });
export type SubscribeAnswer = z.infer<typeof subscribeAnswerSchema>;

export const cancelSubscriptionBodySchema = z.object({ cardId: z.string().min(1).max(64) });
export const subscriptionAnswerSchema = z.object({ data: subscriptionSchema });

export const subscriptionSettingsBodySchema = z
  .object({
    autoRenew: z.boolean().optional(),
    /** Null forgets the saved card, which turns auto-renew off. */
    card: cardTokenInputSchema.nullable().optional(),
  })
  .refine((body) => body.autoRenew !== undefined || body.card !== undefined, { message: 'Nothing to change' });
export type SubscriptionSettingsBody = z.input<typeof subscriptionSettingsBodySchema>;
