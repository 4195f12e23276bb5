import { z } from 'zod';
import { movementAmountSchema } from './amounts.ts';
import { balanceUnitSchema, cardIdSchema } from './cards.ts';
import { programIdSchema, scheduledInstantSchema } from './integration.ts';

/*
 * Receipts (app-core §2 scan-receipt/{code}; business-rules §1 claim receipt codes, §5 receipt image
 * png/jpg/jpeg at most 10 MB, §8 wrong program for receipt codes, §9 points within 2×24 working
 * hours): a member sends a photo of a receipt, to a receipt campaign (its code printed or shown as a
 * QR) or to the card program's own review; the merchant approves it with the bill's amount, and
 * the card earns by the program's rate, or rejects it saying why. docs/decisions/046-scanning.md.
 */

const when = z.string().datetime();

/** spec: business-rules §5: png, jpg or jpeg. */
export const receiptContentTypes = ['image/jpeg', 'image/png'] as const;
/** Not in the spec: enough for a busy shopper, too few for a script. */
export const RECEIPTS_PER_DAY = 10;
/** spec: business-rules §9 'within 2×24 working hours'. */
export const RECEIPT_REVIEW_WORKING_HOURS = 48;

export const receiptStatuses = ['submitted', 'approved', 'rejected'] as const;
export const receiptStatusSchema = z.enum(receiptStatuses);
export type ReceiptStatus = z.infer<typeof receiptStatusSchema>;

/** Kept and compared in upper case: read from a QR code or typed. */
export const receiptCampaignCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{3,32}$/, 'A campaign code is 3 to 32 letters, digits or dashes');

export const receiptCampaignSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  programName: z.string(),
  startsAt: when,
  endsAt: when,
});
export type ReceiptCampaign = z.infer<typeof receiptCampaignSchema>;

export const receiptSchema = z.object({
  id: z.string().uuid(),
  cardId: cardIdSchema,
  status: receiptStatusSchema,
  campaign: z.object({ code: z.string(), name: z.string() }).nullable(),
  submittedAt: when,
  reviewedAt: when.nullable(),
  /** Approved: what the card earned, in the program's unit. */
  earned: z.number().int().nullable(),
  unit: balanceUnitSchema,
  /** Rejected: the merchant's reason. */
  note: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptAnswerSchema = z.object({ data: receiptSchema });
export const receiptListAnswerSchema = z.object({ data: z.array(receiptSchema) });
export const receiptCampaignAnswerSchema = z.object({ data: receiptCampaignSchema });
export const receiptCardParamsSchema = z.object({ cardId: cardIdSchema });
export const receiptCampaignParamsSchema = z.object({ cardId: cardIdSchema, code: receiptCampaignCodeSchema });
export const receiptUploadQuerySchema = z.object({ code: receiptCampaignCodeSchema.optional() });

/* The integration API: campaigns, and the review queue. */

export const receiptCampaignBodySchema = z.object({
  programId: programIdSchema,
  code: receiptCampaignCodeSchema,
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(1000).nullable().default(null),
  startsAt: scheduledInstantSchema,
  endsAt: scheduledInstantSchema,
});
export type ReceiptCampaignBody = z.input<typeof receiptCampaignBodySchema>;

export const integrationReceiptCampaignSchema = receiptCampaignSchema.omit({ programName: true }).extend({ id: z.string().uuid(), programId: z.string().uuid(), receipts: z.number().int() });
export const integrationReceiptCampaignAnswerSchema = z.object({ data: integrationReceiptCampaignSchema });
export const integrationReceiptCampaignListSchema = z.object({ data: z.array(integrationReceiptCampaignSchema) });

export const integrationReceiptSchema = z.object({
  id: z.string().uuid(),
  status: receiptStatusSchema,
  programId: z.string().uuid(),
  cardNumber: z.string(),
  campaignCode: z.string().nullable(),
  /** The photo as kept: checked and re-encoded on upload. */
  contentType: z.string(),
  byteLength: z.number().int(),
  submittedAt: when,
  reviewedAt: when.nullable(),
  amount: z.number().int().nullable(),
  billNumber: z.string().nullable(),
  earned: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type IntegrationReceipt = z.infer<typeof integrationReceiptSchema>;
export const integrationReceiptAnswerSchema = z.object({ data: integrationReceiptSchema });
export const integrationReceiptListSchema = z.object({ data: z.array(integrationReceiptSchema) });
export const integrationReceiptParamsSchema = z.object({ receiptId: z.uuid() });
export const integrationReceiptListQuerySchema = z.object({ status: receiptStatusSchema.default('submitted') });

export const receiptReviewBodySchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    /** The bill on the receipt, in minor currency units: the card earns by the program's rate. */
    amount: movementAmountSchema,
    /** The receipt's number, when it has one: a bill number seen before is refused. */
    billNumber: z.string().trim().min(1).max(64).optional(),
  }),
  z.object({ decision: z.literal('reject'), note: z.string().trim().min(1).max(500) }),
]);
export type ReceiptReviewBody = z.infer<typeof receiptReviewBodySchema>;
