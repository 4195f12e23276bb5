import { ACTIVATION_CODE_MAX_LENGTH, ACTIVATION_CODE_MIN_LENGTH } from '@kartu/core/constants';
import { z } from 'zod';
import { ledgerAmountSchema, priceAmountSchema, signedMovementAmountSchema } from './amounts.ts';
import { balanceSchema, cardNumberSchema, cardStatusSchema } from './cards.ts';

/* docs/integration.md: every write carries an Idempotency-Key header. Amounts are in the unit's smallest step. */


/** Members are matched by their phone in E.164, the form the wallet stores. */
export const memberPhoneSchema = z.string().trim().regex(/^\+[1-9]\d{6,14}$/, 'Phone must be in E.164 form, e.g. +6281234567890');
export const programIdSchema = z.uuid();

/** A date a merchant schedules: from 2000 to 2099, which every calendar and the database agree on (year 0 is none). */
export const scheduledInstantSchema = z.string().datetime().refine((text) => {
  const year = Number(text.slice(0, 4));
  return year >= 2000 && year < 2100;
}, 'Give a date from 2000 to 2099');
const activationCodeSchema = z.string().trim().min(ACTIVATION_CODE_MIN_LENGTH).max(ACTIVATION_CODE_MAX_LENGTH);
const billNumberSchema = z.string().trim().min(1).max(64);
const reasonSchema = z.string().trim().min(1).max(200);

export const issueCardBodySchema = z.object({
  programId: programIdSchema,
  /** The card goes straight into this member's wallet when they are a member of the merchant. */
  memberPhone: memberPhoneSchema.optional(),
  activationCode: activationCodeSchema.optional(),
});
export type IssueCardBody = z.infer<typeof issueCardBodySchema>;
export const issueCardAnswerSchema = z.object({ cardId: z.string(), number: z.string(), status: cardStatusSchema });
export type IssueCardAnswer = z.infer<typeof issueCardAnswerSchema>;

export const MAX_CARDS_PER_BATCH = 1000;
export const issueCardBatchBodySchema = z.object({
  programId: programIdSchema,
  count: z.number().int().min(1).max(MAX_CARDS_PER_BATCH),
  withActivationCodes: z.boolean().default(false),
});
export type IssueCardBatchBody = z.infer<typeof issueCardBatchBodySchema>;
export const issueCardBatchAnswerSchema = z.object({
  /** Activation codes appear here only: the server keeps nothing but their keyed hashes. */
  cards: z.array(z.object({ number: z.string(), activationCode: z.string().optional() })),
});
export type IssueCardBatchAnswer = z.infer<typeof issueCardBatchAnswerSchema>;

export const purchaseItemSchema = z.object({
  sku: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  quantity: z.number().int().positive().max(1_000_000),
  /** Unit price, minor currency units. */
  price: priceAmountSchema,
});
export type PurchaseItem = z.infer<typeof purchaseItemSchema>;

export const purchaseBodySchema = z
  .object({
    cardNumber: cardNumberSchema.optional(),
    memberPhone: memberPhoneSchema.optional(),
    /** Required with memberPhone (which of the member's cards earns); with cardNumber it must match. */
    programId: programIdSchema.optional(),
    /** Minor currency units; points follow the program's earning rate, floored. */
    amount: priceAmountSchema,
    billNumber: billNumberSchema,
    items: z.array(purchaseItemSchema).max(500).optional(),
  })
  .refine((body) => (body.cardNumber === undefined) !== (body.memberPhone === undefined), {
    message: 'Send exactly one of cardNumber and memberPhone',
    path: ['cardNumber'],
  })
  .refine((body) => body.memberPhone === undefined || body.programId !== undefined, {
    message: 'programId is required with memberPhone',
    path: ['programId'],
  });
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;
export const purchaseAnswerSchema = z.object({
  /** Null when the bill was too small to earn anything. */
  entryId: z.string().nullable(),
  earned: ledgerAmountSchema,
  balance: ledgerAmountSchema,
});
export type PurchaseAnswer = z.infer<typeof purchaseAnswerSchema>;

export const purchaseParamsSchema = z.object({ billNumber: billNumberSchema });
export const voidPurchaseBodySchema = z.object({ reason: reasonSchema });
export const voidPurchaseAnswerSchema = z.object({
  /** Null when the purchase had earned nothing. */
  entryId: z.string().nullable(),
});
export type VoidPurchaseAnswer = z.infer<typeof voidPurchaseAnswerSchema>;

export const adjustmentBodySchema = z.object({
  cardNumber: cardNumberSchema,
  amount: signedMovementAmountSchema,
  reason: reasonSchema,
});
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;
export const adjustmentAnswerSchema = z.object({ entryId: z.string(), balance: ledgerAmountSchema });
export type AdjustmentAnswer = z.infer<typeof adjustmentAnswerSchema>;

export const memberParamsSchema = z.object({ phone: memberPhoneSchema });
export const memberCardSchema = z.object({
  cardId: z.string(),
  number: z.string(),
  status: cardStatusSchema,
  programId: z.string(),
  programName: z.string(),
  balance: balanceSchema,
});
export type MemberCard = z.infer<typeof memberCardSchema>;
export const memberCardsAnswerSchema = z.object({ data: z.array(memberCardSchema) });
export type MemberCardsAnswer = z.infer<typeof memberCardsAnswerSchema>;
