import { REGISTRATION_ANSWER_MAX_LENGTH } from '@kartu/core/constants';
import { z } from 'zod';
import { balanceUnitSchema } from './cards.ts';
import { programIdSchema, scheduledInstantSchema } from './integration.ts';

/*
 * Privileges, or perks (app-core §2 privileges, privileges/{privilegeId}, …/answers,
 * …/answers/{answerId}, …/survey; business-rules §1 answer perks and surveys, §4 perk review, §8 perk
 * not active and promotion ended, §9 perk review up to 2 working days): what a card program offers
 * the members who qualify, by level or an active paid membership. docs/decisions/045-privileges.md.
 */

const when = z.string().datetime();

/** voucher: claimed once for e-vouchers of one template; survey: joined by answering its questions, which the merchant reviews. */
export const privilegeKinds = ['voucher', 'survey'] as const;
export const privilegeKindSchema = z.enum(privilegeKinds);
export type PrivilegeKind = z.infer<typeof privilegeKindSchema>;

/**
 * What the member may do now: available (claim or answer), claimed (its vouchers given), answered
 * (an answer waits for review or was approved), locked (the member does not qualify: see `lock`),
 * inactive (the merchant paused it: 'perk not active'), ended ('promotion ended').
 */
export const privilegeStates = ['available', 'claimed', 'answered', 'locked', 'inactive', 'ended'] as const;
export const privilegeStateSchema = z.enum(privilegeStates);
export type PrivilegeState = z.infer<typeof privilegeStateSchema>;

/** A survey's question, shaped as the registration form's fields are, with choices of one or many. */
export const surveyQuestionTypes = ['text', 'date', 'single', 'multiple'] as const;
export const surveyQuestionSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(surveyQuestionTypes),
  required: z.boolean(),
  /** The choices of a single or multiple question. */
  options: z.array(z.string()).optional(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const privilegeLockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('level'), levelName: z.string() }),
  z.object({ kind: z.literal('subscription') }),
]);

export const answerReviewStates = ['pending', 'approved', 'rejected'] as const;
export const answerReviewStateSchema = z.enum(answerReviewStates);
export type AnswerReviewState = z.infer<typeof answerReviewStateSchema>;

export const privilegeSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  kind: privilegeKindSchema,
  title: z.string(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  state: privilegeStateSchema,
  /** Why a locked perk is out of reach: a level to reach, or a paid membership to keep active. */
  lock: privilegeLockSchema.nullable(),
  startsAt: when,
  endsAt: when.nullable(),
  /** A voucher perk's e-vouchers. */
  voucher: z.object({ templateId: z.string(), name: z.string(), quantity: z.number().int().positive() }).nullable(),
  /** Points a survey perk gives once its answer is approved; null when it gives none. */
  rewardPoints: z.number().int().positive().nullable(),
  unit: balanceUnitSchema,
  /** A survey perk's questions, in order; empty for a voucher perk. */
  questions: z.array(surveyQuestionSchema),
  /** The review state of the member's latest answer; null before any. */
  latestAnswer: z.object({ id: z.string(), state: answerReviewStateSchema }).nullable(),
});
export type Privilege = z.infer<typeof privilegeSchema>;

export const privilegeAnswerSchema = z.object({
  id: z.string(),
  privilegeId: z.string(),
  state: answerReviewStateSchema,
  /** The answers by question name: text or a day (YYYY-MM-DD), or the chosen options. */
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  submittedAt: when,
  reviewedAt: when.nullable(),
  /** The merchant's words with a rejection. */
  note: z.string().nullable(),
});
export type PrivilegeAnswer = z.infer<typeof privilegeAnswerSchema>;

const answerValue = z.union([z.string().max(REGISTRATION_ANSWER_MAX_LENGTH), z.array(z.string().max(REGISTRATION_ANSWER_MAX_LENGTH)).max(50)]);
export const privilegeAnswerBodySchema = z.object({ answers: z.record(z.string().max(64), answerValue) });
export type PrivilegeAnswerBody = z.infer<typeof privilegeAnswerBodySchema>;

export const privilegeCardParamsSchema = z.object({ cardId: z.string().min(1).max(64) });
export const privilegeParamsSchema = privilegeCardParamsSchema.extend({ privilegeId: z.string().min(1).max(64) });
export const privilegeAnswerParamsSchema = privilegeParamsSchema.extend({ answerId: z.string().min(1).max(64) });
export const privilegeListAnswerSchema = z.object({ data: z.array(privilegeSchema) });
export const privilegeDetailAnswerSchema = z.object({ data: privilegeSchema });
export const privilegeClaimAnswerSchema = z.object({ data: privilegeSchema.extend({ voucherIds: z.array(z.string()) }) });
export const privilegeAnswerDetailSchema = z.object({ data: privilegeAnswerSchema });
export const privilegeAnswerListSchema = z.object({ data: z.array(privilegeAnswerSchema) });
/** Nothing to say: claiming takes the perk as offered. */
export const privilegeClaimBodySchema = z.object({});

const integrationQuestionSchema = z
  .object({
    name: z.string().trim().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/, 'Letters, digits and _, from a letter'),
    label: z.string().trim().min(1).max(200),
    type: z.enum(surveyQuestionTypes),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(100)).min(2).max(20).optional(),
  })
  .refine((question) => (question.type === 'single' || question.type === 'multiple') === (question.options !== undefined), {
    message: 'Choice questions, and only they, list their options',
    path: ['options'],
  });

/** POST /integration/v1/perks. */
export const integrationPrivilegeBodySchema = z
  .object({
    programId: programIdSchema,
    kind: privilegeKindSchema,
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).optional(),
    terms: z.string().trim().max(4000).optional(),
    /** The rank of the program's level a member's card must hold at least. */
    minLevelRank: z.number().int().min(1).max(100).optional(),
    /** Only members with an active paid membership of the program. */
    subscribersOnly: z.boolean().default(false),
    startsAt: scheduledInstantSchema.optional(),
    endsAt: scheduledInstantSchema.optional(),
    /** voucher perks: the template and how many each member gets. */
    voucher: z.object({ templateId: z.uuid(), quantity: z.number().int().min(1).max(10) }).optional(),
    /** survey perks: points given when an answer is approved. */
    rewardPoints: z.number().int().min(1).max(1_000_000_000).optional(),
    questions: z.array(integrationQuestionSchema).max(30).optional(),
  })
  .refine((body) => (body.kind === 'voucher') === (body.voucher !== undefined), { message: 'A voucher perk, and only it, names its voucher', path: ['voucher'] })
  .refine((body) => body.kind === 'survey' || (body.questions === undefined && body.rewardPoints === undefined), { message: 'Only a survey perk has questions and reward points', path: ['questions'] })
  .refine((body) => body.kind !== 'survey' || (body.questions?.length ?? 0) > 0, { message: 'A survey perk asks at least one question', path: ['questions'] })
  .refine((body) => new Set(body.questions?.map((question) => question.name)).size === (body.questions?.length ?? 0), { message: 'Each question has its own name', path: ['questions'] })
  .refine((body) => !body.endsAt || Date.parse(body.endsAt) > Date.parse(body.startsAt ?? new Date(0).toISOString()), { message: 'The end comes after the start', path: ['endsAt'] });
export type IntegrationPrivilegeBody = z.infer<typeof integrationPrivilegeBodySchema>;

export const integrationPrivilegeSchema = z.object({
  id: z.string(),
  programId: z.string(),
  kind: privilegeKindSchema,
  title: z.string(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  minLevelRank: z.number().int().nullable(),
  subscribersOnly: z.boolean(),
  active: z.boolean(),
  startsAt: when,
  endsAt: when.nullable(),
  voucher: z.object({ templateId: z.string(), quantity: z.number().int() }).nullable(),
  rewardPoints: z.number().int().nullable(),
  questions: z.array(surveyQuestionSchema),
  /** Vouchers claimed, or answers waiting for review. */
  claims: z.number().int().min(0),
  pendingAnswers: z.number().int().min(0),
  createdAt: when,
});
export const integrationPrivilegeAnswerSchema = z.object({ data: integrationPrivilegeSchema });
export const integrationPrivilegeListSchema = z.object({ data: z.array(integrationPrivilegeSchema) });
export const integrationPrivilegeParamsSchema = z.object({ perkId: z.uuid() });
/** Pauses the perk ('perk not active') or takes it up again. */
export const integrationPrivilegeActiveBodySchema = z.object({ active: z.boolean() });

export const integrationSurveyAnswerSchema = privilegeAnswerSchema.extend({ cardNumber: z.string(), memberName: z.string().nullable() });
export const integrationSurveyAnswerListSchema = z.object({ data: z.array(integrationSurveyAnswerSchema) });
export const integrationSurveyAnswersQuerySchema = z.object({ state: answerReviewStateSchema.optional() });
export const integrationSurveyAnswerParamsSchema = z.object({ answerId: z.uuid() });
export const integrationSurveyReviewBodySchema = z
  .object({ decision: z.enum(['approve', 'reject']), note: z.string().trim().min(1).max(500).optional() })
  .refine((body) => body.decision === 'approve' || body.note !== undefined, { message: 'A rejection says why', path: ['note'] });
export const integrationSurveyAnswerAnswerSchema = z.object({ data: integrationSurveyAnswerSchema });
