import { z } from 'zod';
import { imageSchema } from './media.ts';
import { voucherGiftSchema, voucherGiftStatusSchema, voucherSchema, voucherUsableAtSchema } from './vouchers.ts';

/* docs/decisions/026-voucher-gifts.md: the friend gets a 6-digit PIN by phone and claims onto their own card of the program. */

export const GIFT_MESSAGE_MAX_LENGTH = 200;

/** With an Idempotency-Key. The phone as the sign-in form takes it: national or international. */
export const createGiftBodySchema = z.object({
  recipientPhone: z.string().trim().min(4).max(32),
  countryCode: z.string().regex(/^\d{1,4}$/).default('62'),
  message: z.string().trim().max(GIFT_MESSAGE_MAX_LENGTH).optional(),
});
export type CreateGiftBody = z.infer<typeof createGiftBodySchema>;

export const voucherGiftAnswerSchema = z.object({ data: voucherGiftSchema });

/** The link's secret. */
export const giftParamsSchema = z.object({ token: z.string().min(1).max(128) });

/** Seen before the PIN: never the voucher's code. */
export const giftPreviewSchema = z.object({
  status: voucherGiftStatusSchema,
  /** First name, or the phone or e-mail masked when they gave no name. */
  sender: z.object({ name: z.string() }),
  message: z.string().nullable(),
  voucher: z.object({
    name: z.string(),
    valueText: z.string().nullable(),
    image: imageSchema.nullable(),
    usableAt: voucherUsableAtSchema,
    /** The voucher's own expiry, not the gift's. */
    expiresAt: z.string().datetime(),
  }),
  program: z.object({ id: z.string(), name: z.string() }),
  expiresAt: z.string().datetime(),
  hasCard: z.boolean(),
  /** A sender cannot claim their own gift. */
  isSender: z.boolean(),
  /** Only the phone it was sent to can claim it, so a link that reached someone else can neither claim it nor lock it with wrong PINs. */
  forYou: z.boolean(),
  /** Last 4 digits, so whoever holds the link knows whose it is. */
  recipientPhoneEnding: z.string(),
});
export type GiftPreview = z.infer<typeof giftPreviewSchema>;
export const giftPreviewAnswerSchema = z.object({ data: giftPreviewSchema });

/** Three wrong PINs lock the gift for 24 hours. */
export const claimGiftBodySchema = z.object({ pin: z.string().regex(/^\d{6}$/, 'PIN must be 6 digits') });

/** The claimed voucher gets a new code. */
export const claimGiftAnswerSchema = z.object({ data: voucherSchema });
