import { z } from 'zod';
import { imageSchema } from './media.ts';
import { voucherGiftSchema, voucherGiftStatusSchema, voucherSchema, voucherUsableAtSchema } from './vouchers.ts';

/*
 * Gifting a voucher by link and PIN (docs/decisions/026-voucher-gifts.md): the sender shares a link,
 * the friend's phone receives a 6-digit PIN, and the friend, signed in, claims the voucher onto their
 * own card of the same program.
 */

/** The most a sender may write to the friend. */
export const GIFT_MESSAGE_MAX_LENGTH = 200;

/**
 * POST /api/v2/vouchers/{voucherId}/gifts (with an Idempotency-Key header): the friend's phone in
 * the sign-in form (national or international, with its dialing code) and an optional note.
 */
export const createGiftBodySchema = z.object({
  recipientPhone: z.string().trim().min(4).max(32),
  countryCode: z.string().regex(/^\d{1,4}$/).default('62'),
  message: z.string().trim().max(GIFT_MESSAGE_MAX_LENGTH).optional(),
});
export type CreateGiftBody = z.infer<typeof createGiftBodySchema>;

/** The sender's view of one gift: POST …/gifts (with the link), GET …/gift, POST …/gifts/cancel. */
export const voucherGiftAnswerSchema = z.object({ data: voucherGiftSchema });

/** The link's secret, as the page `/gifts/<token>` carries it. */
export const giftParamsSchema = z.object({ token: z.string().min(1).max(128) });

/** GET /api/v2/gifts/{token}: what the friend may see before the PIN; never the voucher's code. */
export const giftPreviewSchema = z.object({
  status: voucherGiftStatusSchema,
  /** The sender's first name, or their phone or e-mail masked when they gave no name. */
  sender: z.object({ name: z.string() }),
  message: z.string().nullable(),
  voucher: z.object({
    name: z.string(),
    valueText: z.string().nullable(),
    image: imageSchema.nullable(),
    usableAt: voucherUsableAtSchema,
    /** When the voucher itself ends, once claimed. */
    expiresAt: z.string().datetime(),
  }),
  /** The program whose card receives the voucher. */
  program: z.object({ id: z.string(), name: z.string() }),
  /** Until when the gift may be claimed. */
  expiresAt: z.string().datetime(),
  /** Whether the signed-in member holds an active card of the program (else they add one first). */
  hasCard: z.boolean(),
  /** Whether the signed-in member sent it (a sender cannot claim their own gift). */
  isSender: z.boolean(),
  /**
   * Whether it was sent to the signed-in member's phone: only that member can claim it, so a link
   * that reached someone else can neither claim it nor lock it with wrong PINs.
   */
  forYou: z.boolean(),
  /** The last 4 digits of the phone it was sent to, so whoever holds the link knows whose it is. */
  recipientPhoneEnding: z.string(),
});
export type GiftPreview = z.infer<typeof giftPreviewSchema>;
export const giftPreviewAnswerSchema = z.object({ data: giftPreviewSchema });

/** POST /api/v2/gifts/{token}/claim: the PIN sent to the friend's phone. Three wrong PINs lock the gift for 24 hours. */
export const claimGiftBodySchema = z.object({ pin: z.string().regex(/^\d{6}$/, 'PIN must be 6 digits') });

/** The claimed voucher, now in the claimer's wallet with a new code. */
export const claimGiftAnswerSchema = z.object({ data: voucherSchema });
