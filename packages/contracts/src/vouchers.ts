import { z } from 'zod';
import { imageSchema } from './media.ts';

/* E-vouchers: docs/decisions/025-vouchers.md. */

/** `expired` is worked out from the expiry; `pending` while its code is being made. */
export const voucherStatuses = ['pending', 'active', 'used', 'expired', 'suspended'] as const;
export const voucherStatusSchema = z.enum(voucherStatuses);
export type VoucherStatus = z.infer<typeof voucherStatusSchema>;

/** business-rules §6. */
export const voucherUsableAt = ['in_store', 'ecommerce', 'both'] as const;
export const voucherUsableAtSchema = z.enum(voucherUsableAt);
export type VoucherUsableAt = z.infer<typeof voucherUsableAtSchema>;

export const voucherTemplateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The merchant's words: '1 Kopi Susu', 'Rp25.000 off'. */
  valueText: z.string().nullable(),
  image: imageSchema.nullable(),
  usableAt: voucherUsableAtSchema,
});
export type VoucherTemplateSummary = z.infer<typeof voucherTemplateSummarySchema>;

/** docs/decisions/026-voucher-gifts.md. `returned`: a pending gift past its expiry, worked out on read as well as by a job. */
export const voucherGiftStatuses = ['pending', 'claimed', 'cancelled', 'returned'] as const;
export const voucherGiftStatusSchema = z.enum(voucherGiftStatuses);
export type VoucherGiftStatus = z.infer<typeof voucherGiftStatusSchema>;
export const voucherGiftSchema = z.object({
  id: z.string(),
  status: voucherGiftStatusSchema,
  /** `/gifts/<token>`, for the sender to share again; null once the gift is no longer pending. */
  linkPath: z.string().nullable(),
  /** Masked: '+62 812-****-4444'. */
  recipientPhone: z.string(),
  message: z.string().nullable(),
  createdAt: z.string().datetime(),
  expiresAt: z.string().datetime(),
  claimedAt: z.string().datetime().nullable(),
  cancelledAt: z.string().datetime().nullable(),
  returnedAt: z.string().datetime().nullable(),
});
export type VoucherGift = z.infer<typeof voucherGiftSchema>;

export const voucherSchema = z.object({
  id: z.string(),
  template: voucherTemplateSummarySchema,
  description: z.string().nullable(),
  terms: z.string().nullable(),
  status: voucherStatusSchema,
  /** Null while pending. With `codeKept` `device` the server keeps only a hash and answers the code once; the phone keeps it. */
  code: z.string().nullable(),
  codeKept: z.enum(['server', 'device']),
  externalCode: z.string().nullable(),
  cardId: z.string(),
  isHidden: z.boolean(),
  issuedAt: z.string().datetime(),
  expiresAt: z.string().datetime(),
  usedAt: z.string().datetime().nullable(),
  /** The outlet's name, or 'Online order'. */
  usedPlace: z.string().nullable(),
  /** The holder's latest gift of it; a voucher with a pending gift cannot be used. */
  gift: voucherGiftSchema.nullable().optional(),
  /** Once activated, the gift card `cardId`, loaded with `value` in minor units of `currencyCode`. */
  giftCard: z
    .object({ value: z.number().int().positive(), currencyCode: z.string(), programId: z.string(), programName: z.string(), cardId: z.string().nullable() })
    .nullable(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** Soonest to expire first. */
export const voucherStackSchema = z.object({
  template: voucherTemplateSummarySchema,
  activeCount: z.number().int().min(0),
  vouchers: z.array(voucherSchema),
});
export type VoucherStack = z.infer<typeof voucherStackSchema>;

/** `view=active` also holds pending vouchers, `history` used, expired and suspended; hidden ones only with `hidden=true`. */
export const voucherWalletQuerySchema = z.object({
  view: z.enum(['active', 'history']).default('active'),
  cardId: z.string().min(1).max(64).optional(),
  hidden: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export const voucherWalletSchema = z.object({ data: z.array(voucherStackSchema) });
export type VoucherWallet = z.infer<typeof voucherWalletSchema>;

export const voucherParamsSchema = z.object({ voucherId: z.string().min(1).max(64) });
export const voucherAnswerSchema = z.object({ data: voucherSchema });

/** Hiding a voucher from the wallet (business-rules §4). */
export const voucherChangeBodySchema = z.object({ isHidden: z.boolean() });

/** Typed by the cashier on the member's phone. Three wrong codes lock the voucher for 24 hours. */
export const voucherRedeemBodySchema = z.object({
  outletCode: z.string().trim().min(1).max(20),
  cashierCode: z.string().trim().min(1).max(20).optional(),
});
export type VoucherRedeemBody = z.infer<typeof voucherRedeemBodySchema>;

/* The till's side, through the integration API (docs/integration.md Vouchers). */

export const integrationVoucherRedeemBodySchema = z.object({
  code: z.string().trim().min(1).max(40),
  outletId: z.string().min(1).max(64),
});

export const integrationRedemptionSchema = z.object({
  id: z.string(),
  voucher: z.object({ id: z.string(), code: z.string().nullable(), name: z.string(), valueText: z.string().nullable() }),
  outlet: z.object({ id: z.string(), name: z.string() }).nullable(),
  cashier: z.object({ id: z.string(), name: z.string() }).nullable(),
  channel: z.enum(['counter', 'till', 'online']),
  redeemedAt: z.string().datetime(),
  voidedAt: z.string().datetime().nullable(),
});
export type IntegrationRedemption = z.infer<typeof integrationRedemptionSchema>;
export const integrationRedemptionAnswerSchema = z.object({ data: integrationRedemptionSchema });
export const integrationRedemptionParamsSchema = z.object({ redemptionId: z.string().min(1).max(64) });
export const integrationRedemptionVoidBodySchema = z.object({ reason: z.string().trim().max(200).optional() }).nullish();

export const integrationPendingVoucherSchema = z.object({
  id: z.string(),
  template: z.object({ id: z.string(), name: z.string() }),
  status: voucherStatusSchema,
  externalCode: z.string().nullable(),
  issuedAt: z.string().datetime(),
  /** business-rules §9: a voucher waits at most 30 minutes for its code; past this it is suspended. */
  answerBy: z.string().datetime(),
});
export type IntegrationPendingVoucher = z.infer<typeof integrationPendingVoucherSchema>;
export const integrationPendingVoucherAnswerSchema = z.object({ data: integrationPendingVoucherSchema });
export const integrationPendingVouchersAnswerSchema = z.object({ data: z.array(integrationPendingVoucherSchema) });
/** Printed beside the voucher's own code. */
export const integrationPartnerCodeBodySchema = z.object({ externalCode: z.string().trim().min(1).max(64) });
