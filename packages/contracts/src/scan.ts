import { z } from 'zod';
import { movementAmountSchema } from './amounts.ts';
import { balanceUnitSchema, cardIdSchema } from './cards.ts';
import { programIdSchema, scheduledInstantSchema } from './integration.ts';

/*
 * The QR scanner (app-core §2 /qrcode-scanner, §7 POST api/qr/scan; business-rules §1 claim receipt
 * or unique codes, pay by QRIS): one call reads whatever the camera saw and says what it is.
 * docs/decisions/046-scanning.md.
 */

const when = z.string().datetime();

export const scanBodySchema = z.object({
  /** The text a QR code holds, or a code typed by hand. */
  code: z.string().trim().min(1).max(2000),
  /** The card page the scanner was opened from: earns land on the member's card of the code's program all the same. */
  cardId: cardIdSchema.optional(),
});
export type ScanBody = z.infer<typeof scanBodySchema>;

/** A printed code's reward: given at once (success), or within 24 hours (pending, business-rules §4 and §9). */
export const uniqueCodeClaimStatuses = ['success', 'pending'] as const;
export const uniqueCodeClaimSchema = z.object({
  id: z.string().uuid(),
  cardId: cardIdSchema,
  programName: z.string(),
  unit: balanceUnitSchema,
  points: z.number().int().positive(),
  status: z.enum(uniqueCodeClaimStatuses),
  /** When the points land (or landed). */
  rewardAt: when,
  claimedAt: when,
});
export type UniqueCodeClaim = z.infer<typeof uniqueCodeClaimSchema>;

export const uniqueCodeClaimBodySchema = z.object({ code: z.string().trim().min(1).max(64) });
export type UniqueCodeClaimBody = z.infer<typeof uniqueCodeClaimBodySchema>;

export const scanEarnSchema = z.object({
  cardId: cardIdSchema,
  programName: z.string(),
  unit: balanceUnitSchema,
  earned: z.number().int().min(0),
  balance: z.number().int(),
});
export type ScanEarn = z.infer<typeof scanEarnSchema>;

export const scanQrisSchema = z.object({
  merchantName: z.string(),
  merchantCity: z.string(),
  /** A dynamic QRIS carries its amount (rupiah); a static one asks the member for it. */
  amount: z.number().int().positive().nullable(),
  /** The payload as scanned, to pay it. */
  qris: z.string(),
});
export type ScanQris = z.infer<typeof scanQrisSchema>;

/**
 * What the scanned code turned out to be:
 * - card: a loyalty card's number, to add to the wallet;
 * - qris: an Indonesian payment code, to pay;
 * - earn: a till's scan-to-earn code, already earned on the card;
 * - receipt: a receipt campaign's code, to send a receipt photo to;
 * - unique_code: a printed code, already claimed.
 * Anything else is 400 QR_INVALID with the attempts left, then 429 QR_LOCKED.
 */
export const scanAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), cardNumber: z.string().regex(/^\d{16}$/) }),
  z.object({ kind: z.literal('qris'), qris: scanQrisSchema }),
  z.object({ kind: z.literal('earn'), earn: scanEarnSchema }),
  z.object({ kind: z.literal('receipt'), receipt: z.object({ code: z.string(), cardId: cardIdSchema, campaignName: z.string() }) }),
  z.object({ kind: z.literal('unique_code'), claim: uniqueCodeClaimSchema }),
]);
export type ScanAnswer = z.infer<typeof scanAnswerSchema>;
export type ScanKind = ScanAnswer['kind'];
export const scanResponseSchema = z.object({ data: scanAnswerSchema });
export const uniqueCodeClaimResponseSchema = z.object({ data: uniqueCodeClaimSchema });

/* The integration API: a till's scan-to-earn code, and batches of printed codes. */

export const EARN_CODE_TTL_MIN_SECONDS = 30;
export const EARN_CODE_TTL_MAX_SECONDS = 900;
export const EARN_CODE_TTL_DEFAULT_SECONDS = 300;

export const earnCodeBodySchema = z.object({
  programId: programIdSchema,
  /** The bill in minor currency units: the card earns by the program's rate, as for a purchase. */
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  billNumber: z.string().trim().min(1).max(64),
  expiresInSeconds: z.number().int().min(EARN_CODE_TTL_MIN_SECONDS).max(EARN_CODE_TTL_MAX_SECONDS).default(EARN_CODE_TTL_DEFAULT_SECONDS),
});
export type EarnCodeBody = z.input<typeof earnCodeBodySchema>;

export const earnCodeStatuses = ['open', 'claimed', 'expired'] as const;
export const earnCodeSchema = z.object({
  id: z.string().uuid(),
  programId: z.string().uuid(),
  billNumber: z.string(),
  amount: z.number().int(),
  /** What the till draws as a QR code for the member's app to scan: the code's id and the server's signature, nothing else. */
  qrText: z.string(),
  status: z.enum(earnCodeStatuses),
  expiresAt: when,
  claimedAt: when.nullable(),
  earned: z.number().int().nullable(),
});
export type EarnCode = z.infer<typeof earnCodeSchema>;

export const UNIQUE_CODE_BATCH_MAX = 100_000;

export const uniqueCodeBatchStatuses = ['active', 'suspended'] as const;
export const uniqueCodeBatchBodySchema = z.object({
  programId: programIdSchema,
  name: z.string().trim().min(1).max(120),
  points: movementAmountSchema,
  count: z.number().int().min(1).max(UNIQUE_CODE_BATCH_MAX),
  startsAt: scheduledInstantSchema,
  endsAt: scheduledInstantSchema,
  /** 0: the points land at once; up to 24: the claim is pending that long (business-rules §9 'within 24 hours'). */
  rewardDelayHours: z.number().int().min(0).max(24).default(0),
});
export type UniqueCodeBatchBody = z.input<typeof uniqueCodeBatchBodySchema>;

export const uniqueCodeBatchSchema = z.object({
  id: z.string().uuid(),
  programId: z.string().uuid(),
  name: z.string(),
  points: z.number().int(),
  count: z.number().int(),
  claimed: z.number().int(),
  startsAt: when,
  endsAt: when,
  rewardDelayHours: z.number().int(),
  status: z.enum(uniqueCodeBatchStatuses),
  createdAt: when,
});
export type UniqueCodeBatch = z.infer<typeof uniqueCodeBatchSchema>;

/** The codes themselves are answered once, when the batch is made: only their hashes are kept. */
export const uniqueCodeBatchCreatedSchema = z.object({ batch: uniqueCodeBatchSchema, codes: z.array(z.string()) });
export type UniqueCodeBatchCreated = z.infer<typeof uniqueCodeBatchCreatedSchema>;

export const earnCodeAnswerSchema = z.object({ data: earnCodeSchema });
export const earnCodeParamsSchema = z.object({ earnCodeId: z.uuid() });
export const uniqueCodeBatchCreatedAnswerSchema = z.object({ data: uniqueCodeBatchCreatedSchema });
export const uniqueCodeBatchAnswerSchema = z.object({ data: uniqueCodeBatchSchema });
export const uniqueCodeBatchListSchema = z.object({ data: z.array(uniqueCodeBatchSchema) });
export const uniqueCodeBatchParamsSchema = z.object({ batchId: z.uuid() });
export const uniqueCodeBatchStatusBodySchema = z.object({ status: z.enum(uniqueCodeBatchStatuses) });
