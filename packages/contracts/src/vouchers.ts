import { z } from 'zod';
import { imageSchema } from './media.ts';

/*
 * E-vouchers (docs/decisions/025-vouchers.md): vouchers a member holds, issued from a template by
 * a shop order, a reward or a grant, shown in one wallet grouped in stacks of the same template.
 */

/** What a voucher is now. `expired` is worked out from its expiry; `pending` while its code is being made. */
export const voucherStatuses = ['pending', 'active', 'used', 'expired', 'suspended'] as const;
export const voucherStatusSchema = z.enum(voucherStatuses);
export type VoucherStatus = z.infer<typeof voucherStatusSchema>;

/** Where a voucher is used: at the counter, in online orders, or both (business-rules §6). */
export const voucherUsableAt = ['in_store', 'ecommerce', 'both'] as const;
export const voucherUsableAtSchema = z.enum(voucherUsableAt);
export type VoucherUsableAt = z.infer<typeof voucherUsableAtSchema>;

export const voucherTemplateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What it is worth, in the merchant's words ('1 Kopi Susu', 'Rp25.000 off'). */
  valueText: z.string().nullable(),
  image: imageSchema.nullable(),
  usableAt: voucherUsableAtSchema,
});
export type VoucherTemplateSummary = z.infer<typeof voucherTemplateSummarySchema>;

/**
 * A gift of a voucher by link and PIN (docs/decisions/026-voucher-gifts.md), as its sender sees it.
 * `returned` is a pending gift past its expiry, worked out when read as well as by a job.
 */
export const voucherGiftStatuses = ['pending', 'claimed', 'cancelled', 'returned'] as const;
export const voucherGiftStatusSchema = z.enum(voucherGiftStatuses);
export type VoucherGiftStatus = z.infer<typeof voucherGiftStatusSchema>;
export const voucherGiftSchema = z.object({
  id: z.string(),
  status: voucherGiftStatusSchema,
  /** The page the friend opens, `/gifts/<token>`, for the sender to share again; null once the gift is no longer pending. */
  linkPath: z.string().nullable(),
  /** The friend's phone, masked: '+62 812-****-4444'. */
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
  /**
   * Shown as a QR code and a barcode; null while the voucher is pending. Where the server keeps only
   * the code's hash (`codeKept` `device`), it answers the code once, and the phone keeps it.
   */
  code: z.string().nullable(),
  codeKept: z.enum(['server', 'device']),
  /** The code of the merchant's partner that issued it, when there is one. */
  externalCode: z.string().nullable(),
  cardId: z.string(),
  isHidden: z.boolean(),
  issuedAt: z.string().datetime(),
  expiresAt: z.string().datetime(),
  usedAt: z.string().datetime().nullable(),
  /** Where it was used: the outlet's name, or 'Online order'. */
  usedPlace: z.string().nullable(),
  /** The latest gift its holder made of it, while they hold it; a voucher with a pending gift cannot be used. */
  gift: voucherGiftSchema.nullable().optional(),
  /**
   * An e-gift voucher: activated, it becomes a gift card with this value (minor units of
   * `currencyCode`) in the member's cards; `cardId` is that card once it is.
   */
  giftCard: z
    .object({ value: z.number().int().positive(), currencyCode: z.string(), programId: z.string(), programName: z.string(), cardId: z.string().nullable() })
    .nullable(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** The vouchers of one template, the soonest to expire first. */
export const voucherStackSchema = z.object({
  template: voucherTemplateSummarySchema,
  /** How many of them are still usable. */
  activeCount: z.number().int().min(0),
  vouchers: z.array(voucherSchema),
});
export type VoucherStack = z.infer<typeof voucherStackSchema>;

/**
 * GET /api/v2/vouchers: the member's vouchers in stacks. `view=active` holds what can still be
 * used (and pending ones), `history` what was used, expired or suspended; hidden vouchers only with
 * `hidden=true`. `cardId` keeps one card's.
 */
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

/** PATCH /api/v2/vouchers/{voucherId}: hide a voucher from the wallet, or show it again (business-rules §4). */
export const voucherChangeBodySchema = z.object({ isHidden: z.boolean() });

/**
 * POST /api/v2/vouchers/{voucherId}/redeem: the cashier types the outlet's code (and their own where
 * the outlet asks for it) on the member's phone. Three wrong codes lock the voucher for 24 hours.
 */
export const voucherRedeemBodySchema = z.object({
  outletCode: z.string().trim().min(1).max(20),
  cashierCode: z.string().trim().min(1).max(20).optional(),
});
export type VoucherRedeemBody = z.infer<typeof voucherRedeemBodySchema>;

/* The till's side through the integration API (docs/integration.md Vouchers). */

/** POST /integration/v1/vouchers/redeem: the till scanned the voucher's code at one of the merchant's outlets. */
export const integrationVoucherRedeemBodySchema = z.object({
  code: z.string().trim().min(1).max(40),
  outletId: z.string().min(1).max(64),
});

export const integrationRedemptionSchema = z.object({
  id: z.string(),
  voucher: z.object({ id: z.string(), code: z.string().nullable(), name: z.string(), valueText: z.string().nullable() }),
  outlet: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The cashier who typed their code, where the outlet asks for one. */
  cashier: z.object({ id: z.string(), name: z.string() }).nullable(),
  channel: z.enum(['counter', 'till', 'online']),
  redeemedAt: z.string().datetime(),
  voidedAt: z.string().datetime().nullable(),
});
export type IntegrationRedemption = z.infer<typeof integrationRedemptionSchema>;
export const integrationRedemptionAnswerSchema = z.object({ data: integrationRedemptionSchema });
export const integrationRedemptionParamsSchema = z.object({ redemptionId: z.string().min(1).max(64) });
/** POST /integration/v1/vouchers/redemptions/{redemptionId}/void: an optional reason, kept in the merchant's records. */
export const integrationRedemptionVoidBodySchema = z.object({ reason: z.string().trim().max(200).optional() }).nullish();

/** A voucher of the merchant's partner, as the partner's side of the integration API sees it. */
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
/** POST /integration/v1/vouchers/{voucherId}/partner-code: the code the partner issued, printed beside the voucher's own. */
export const integrationPartnerCodeBodySchema = z.object({ externalCode: z.string().trim().min(1).max(64) });
