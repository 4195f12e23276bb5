import { z } from 'zod';
import { cardIdSchema } from './cards.ts';
import { paymentAnswerSchema } from './payments.ts';

/*
 * Paying a QRIS (app-core §2 scan-qris; business-rules §1 pay by scanning QRIS with a link to a
 * payment-provider wallet, §2 Scan QRIS: welcome, link account, amount confirmation, summary; §4 QR
 * payment pending then expired; §9 QRIS maximum Rp 2,000,000 per transaction).
 * docs/decisions/046-scanning.md.
 */

const when = z.string().datetime();

/** The e-wallets a member links to pay QRIS codes with, through the merchant's payment provider. */
export const qrisWallets = ['gopay', 'ovo', 'dana', 'shopeepay', 'linkaja'] as const;
export const qrisWalletSchema = z.enum(qrisWallets);
export type QrisWallet = z.infer<typeof qrisWalletSchema>;

export const qrisWalletLinkSchema = z.object({
  wallet: qrisWalletSchema,
  /** The wallet's phone number, masked but for its last digits. */
  phone: z.string(),
  linkedAt: when,
});
export type QrisWalletLink = z.infer<typeof qrisWalletLinkSchema>;
export const qrisWalletLinkAnswerSchema = z.object({ data: qrisWalletLinkSchema.nullable() });
export const qrisWalletLinkBodySchema = z.object({
  wallet: qrisWalletSchema,
  /** Indonesian mobile number, +62… or 08… */
  phone: z.string().trim().min(8).max(20),
});
export type QrisWalletLinkBody = z.infer<typeof qrisWalletLinkBodySchema>;

/**
 * wallet: the linked e-wallet, through the payments module; balance: the card's rupiah cash balance;
 * points: the card's points at the program's value of a point, where the merchant sets one.
 */
export const qrisPaymentSources = ['wallet', 'balance', 'points'] as const;
export const qrisPaymentSourceSchema = z.enum(qrisPaymentSources);
export type QrisPaymentSource = z.infer<typeof qrisPaymentSourceSchema>;

export const qrisPaymentStatuses = ['pending', 'paid', 'expired', 'failed'] as const;
export const qrisPaymentStatusSchema = z.enum(qrisPaymentStatuses);
export type QrisPaymentStatus = z.infer<typeof qrisPaymentStatusSchema>;

export const qrisPaymentBodySchema = z.object({
  qris: z.string().trim().min(1).max(2000),
  /** Rupiah: required for a static QRIS; a dynamic one's own amount is paid whatever is sent. */
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  source: qrisPaymentSourceSchema,
});
export type QrisPaymentBody = z.infer<typeof qrisPaymentBodySchema>;

export const qrisPaymentSchema = z.object({
  id: z.string().uuid(),
  cardId: cardIdSchema,
  merchantName: z.string(),
  merchantCity: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  source: qrisPaymentSourceSchema,
  status: qrisPaymentStatusSchema,
  /** What the card spent when paid from its points or balance (in its unit); null for the wallet. */
  spent: z.number().int().nullable(),
  /** The wallet payment the member finishes at the provider; null when paid from the balance or points. */
  payment: paymentAnswerSchema.nullable(),
  createdAt: when,
  expiresAt: when,
  paidAt: when.nullable(),
});
export type QrisPayment = z.infer<typeof qrisPaymentSchema>;
export const qrisPaymentAnswerSchema = z.object({ data: qrisPaymentSchema });

/** How a card may pay a QRIS besides the e-wallet: rupiah a point is worth (null: points do not pay), and whether its balance is rupiah. */
export const qrisCardOptionsSchema = z.object({ pointValue: z.number().int().positive().nullable(), cashBalance: z.boolean() });
export type QrisCardOptions = z.infer<typeof qrisCardOptionsSchema>;
export const qrisCardOptionsAnswerSchema = z.object({ data: qrisCardOptionsSchema });
export const qrisCardParamsSchema = z.object({ cardId: cardIdSchema });
export const qrisPaymentParamsSchema = z.object({ cardId: cardIdSchema, paymentId: z.uuid() });
