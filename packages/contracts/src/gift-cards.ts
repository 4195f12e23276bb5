import { z } from 'zod';
import { movementAmountSchema } from './amounts.ts';
import { currencySchema } from './site.ts';

/* docs/decisions/027-gift-cards.md. Amounts are minor units of the card's currency. */


export const giftCardChargeSchema = z.object({
  id: z.string(),
  amount: z.number().int().positive(),
  outlet: z.object({ id: z.string(), name: z.string() }),
  cashier: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** `counter`: typed on the member's phone by staff; `till`: the merchant's till scanned the card's code. */
  channel: z.enum(['counter', 'till']),
  reference: z.string().nullable(),
  chargedAt: z.string().datetime(),
  /** Voided the same day by the merchant; the amount went back onto the card. */
  voidedAt: z.string().datetime().nullable(),
});
export type GiftCardCharge = z.infer<typeof giftCardChargeSchema>;

export const giftCardSchema = z.object({
  cardId: z.string(),
  number: z.string(),
  programName: z.string(),
  currency: currencySchema,
  faceValue: z.number().int().positive(),
  balance: z.number().int().min(0),
  payCode: z.string(),
  activatedAt: z.string().datetime(),
  /** Active, with something left. */
  isUsable: z.boolean(),
  charges: z.array(giftCardChargeSchema),
});
export type GiftCard = z.infer<typeof giftCardSchema>;
export const giftCardAnswerSchema = z.object({ data: giftCardSchema });
export const giftCardParamsSchema = z.object({ cardId: z.string().min(1).max(64) });

export const giftCardActivationAnswerSchema = z.object({ data: z.object({ cardId: z.string() }) });

/** With an Idempotency-Key; typed by staff on the member's phone. Three wrong codes lock the card's charges for 24 hours. */
export const giftCardChargeBodySchema = z.object({
  amount: movementAmountSchema,
  outletCode: z.string().trim().min(1).max(20),
  cashierCode: z.string().trim().min(1).max(20).optional(),
});
export type GiftCardChargeBody = z.infer<typeof giftCardChargeBodySchema>;
export const giftCardChargeAnswerSchema = z.object({ data: z.object({ charge: giftCardChargeSchema, balance: z.number().int().min(0) }) });

/** The spec's transaction-egift-detail screen. */
export const giftCardChargeDetailSchema = giftCardChargeSchema.extend({
  card: z.object({ id: z.string(), number: z.string(), programName: z.string(), currency: currencySchema }),
});
export type GiftCardChargeDetail = z.infer<typeof giftCardChargeDetailSchema>;
export const giftCardChargeDetailAnswerSchema = z.object({ data: giftCardChargeDetailSchema });
export const giftCardChargeParamsSchema = z.object({ chargeId: z.string().min(1).max(64) });

/* The till's side, through the integration API (docs/integration.md Gift cards). */

export const integrationGiftCardChargeBodySchema = z.object({
  code: z.string().trim().min(1).max(40),
  amount: movementAmountSchema,
  outletId: z.string().min(1).max(64),
  /** The till's bill number. */
  reference: z.string().trim().min(1).max(64).optional(),
});
export const integrationGiftCardChargeSchema = giftCardChargeSchema.extend({
  cardNumber: z.string(),
  /** Left on the card after this charge (or its void). */
  balance: z.number().int().min(0),
});
export type IntegrationGiftCardCharge = z.infer<typeof integrationGiftCardChargeSchema>;
export const integrationGiftCardChargeAnswerSchema = z.object({ data: integrationGiftCardChargeSchema });
