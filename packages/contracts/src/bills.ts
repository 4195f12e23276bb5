import { z } from 'zod';
import { balanceUnitSchema, cardIdSchema } from './cards.ts';

/*
 * Bills and prepaid products (business-rules §1 buy prepaid and bill services; §2 e-wallet top-up,
 * bill check; §3 bill info; §5 same phone and amount once a day, a phone of the selected provider,
 * customer id and meter number must be correct; §8 bill not found or invalid phone, daily top-up
 * limit; §9 electricity and water unavailable 23:30 to 00:59 WIB, water at most 4 months, admin fee
 * Rp 500). docs/decisions/047-bills.md.
 */

const when = z.string().datetime();

export const billCategories = ['mobile_credit', 'mobile_data', 'electricity_token', 'electricity_postpaid', 'health_insurance', 'water', 'ewallet'] as const;
export const billCategorySchema = z.enum(billCategories);
export type BillCategory = z.infer<typeof billCategorySchema>;

export const mobileOperators = ['telkomsel', 'indosat', 'xl', 'axis', 'tri', 'smartfren'] as const;
export const mobileOperatorSchema = z.enum(mobileOperators);
export type MobileOperator = z.infer<typeof mobileOperatorSchema>;

export const topUpWallets = ['gopay', 'ovo', 'dana', 'shopeepay', 'linkaja'] as const;
export const topUpWalletSchema = z.enum(topUpWallets);
export type TopUpWallet = z.infer<typeof topUpWalletSchema>;

/** A product on sale: prepaid at a fixed price, or a postpaid bill whose amount the bill check gives. */
export const billProductSchema = z.object({
  sku: z.string(),
  category: billCategorySchema,
  /** The mobile operator or e-wallet the product is of; null for electricity, insurance and water. */
  provider: z.string().nullable(),
  name: z.string(),
  kind: z.enum(['prepaid', 'postpaid']),
  /** Rupiah the member pays, the admin fee included; null for a postpaid bill. */
  price: z.number().int().positive().nullable(),
  adminFee: z.number().int().min(0),
});
export type BillProduct = z.infer<typeof billProductSchema>;
export const billProductListSchema = z.object({ data: z.array(billProductSchema) });
export const billProductsQuerySchema = z.object({ category: billCategorySchema });

/** How much the card pays: its points at the program's value of a point, or its rupiah cash balance. */
export const billPaySources = ['points', 'balance'] as const;
export const billPaySourceSchema = z.enum(billPaySources);

export const billCheckBodySchema = z.object({
  sku: z.string().trim().min(1).max(40),
  /** The phone, meter, customer or account number: digits, spaces and dashes aside. */
  customerNo: z.string().trim().min(4).max(24),
});
export type BillCheckBody = z.infer<typeof billCheckBodySchema>;

/** A bill check's answer: whom and what the member is about to pay, and what it costs the card. */
export const billQuoteSchema = z.object({
  /** Names this check when paying: the amount is the server's, as checked. */
  checkId: z.string().uuid(),
  sku: z.string(),
  productName: z.string(),
  customerNo: z.string(),
  customerName: z.string().nullable(),
  period: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  amount: z.number().int().positive(),
  adminFee: z.number().int().min(0),
  /** What the card would spend: points at the program's value, or rupiah; null when the card cannot pay this way. */
  cost: z.object({ points: z.number().int().positive().nullable(), balance: z.number().int().positive().nullable(), unit: balanceUnitSchema }),
  expiresAt: when,
});
export type BillQuote = z.infer<typeof billQuoteSchema>;
export const billQuoteAnswerSchema = z.object({ data: billQuoteSchema });

export const billPayBodySchema = z.object({ checkId: z.string().uuid(), source: billPaySourceSchema });
export type BillPayBody = z.infer<typeof billPayBodySchema>;

export const billStatuses = ['pending', 'success', 'failed'] as const;
export const billStatusSchema = z.enum(billStatuses);
export type BillStatus = z.infer<typeof billStatusSchema>;

export const billPaymentSchema = z.object({
  id: z.string().uuid(),
  cardId: cardIdSchema,
  sku: z.string(),
  category: billCategorySchema,
  productName: z.string(),
  customerNo: z.string(),
  customerName: z.string().nullable(),
  period: z.string().nullable(),
  amount: z.number().int(),
  adminFee: z.number().int(),
  source: billPaySourceSchema,
  /** What the card spent, in its unit; given back when the payment fails. */
  spent: z.number().int(),
  unit: balanceUnitSchema,
  status: billStatusSchema,
  /** The electricity token or the product's serial number, once it succeeded. */
  serialNumber: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: when,
  settledAt: when.nullable(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;
export const billPaymentAnswerSchema = z.object({ data: billPaymentSchema });
export const billPaymentListSchema = z.object({ data: z.array(billPaymentSchema) });
export const billCardParamsSchema = z.object({ cardId: cardIdSchema });
export const billPaymentParamsSchema = z.object({ cardId: cardIdSchema, billId: z.uuid() });

export const integrationBillPaymentSchema = billPaymentSchema.omit({ cardId: true }).extend({ cardNumber: z.string(), provider: z.string(), providerCode: z.string().nullable() });
export type IntegrationBillPayment = z.infer<typeof integrationBillPaymentSchema>;
export const integrationBillListSchema = z.object({ data: z.array(integrationBillPaymentSchema) });
export const integrationBillListQuerySchema = z.object({ status: billStatusSchema.optional() });

export const billerWebhookAnswerSchema = z.object({ outcome: z.enum(['settled', 'ignored']) });
export const billerWebhookParamsSchema = z.object({ provider: z.enum(['sandbox', 'digiflazz']) });
