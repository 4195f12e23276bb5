import { z } from 'zod';
import { balanceUnitSchema } from './cards.ts';
import { productTypeSchema } from './catalog.ts';
import { programIdSchema, scheduledInstantSchema } from './integration.ts';

/*
 * Missions (app-core §2 mission-activities, mission-activities/{missionId},
 * mission-activities/{missionId?}/task/{taskId}; §4 MissionActivityCommissionModalMessage): a card
 * program's missions, each a few tasks to do between its start and end, and a reward (points on the
 * card, or e-vouchers) once every task is done. docs/decisions/044-missions.md.
 */

const when = z.string().datetime();

/**
 * What a task counts, between the mission's start and end:
 * - earn: points (in the program's unit) earned on the card, earns taken back not counted;
 * - spend: money spent at the merchant's tills on the member's cards of the program (minor units);
 * - buy_product: units of one shop product in the member's paid orders (cancelled, failed and returned ones left out);
 * - refer: friends who signed up through the member's referral invites;
 * - add_card: cards of the merchant the member holds in the wallet;
 * - answer_survey: the member's answers to the merchant's survey perks, rejected ones left out;
 * - visit_store: visits to the merchant's stores, the store's code entered at the counter, one a store and day.
 */
export const missionTaskKinds = ['earn', 'spend', 'buy_product', 'refer', 'add_card', 'answer_survey', 'visit_store'] as const;
export const missionTaskKindSchema = z.enum(missionTaskKinds);
export type MissionTaskKind = z.infer<typeof missionTaskKindSchema>;

/** active: running and not yet completed; completed: every task done and the reward given; expired: ended first. */
export const missionStatuses = ['active', 'completed', 'expired'] as const;
export const missionStatusSchema = z.enum(missionStatuses);
export type MissionStatus = z.infer<typeof missionStatusSchema>;

export const missionTaskSchema = z.object({
  id: z.string(),
  kind: missionTaskKindSchema,
  title: z.string(),
  description: z.string().nullable(),
  /** What completes the task: the program's unit for earn, minor currency units for spend, a count otherwise. */
  target: z.number().int().positive(),
  /** Counted so far; may pass the target. */
  progress: z.number().int().min(0),
  done: z.boolean(),
  /** The product of a buy_product task, as the shop names it (its type addresses its page); null for other kinds. */
  product: z.object({ id: z.string(), name: z.string(), type: productTypeSchema }).nullable(),
});
export type MissionTask = z.infer<typeof missionTaskSchema>;

export const missionRewardSchema = z.discriminatedUnion('kind', [
  /** Points (or stamps) earned on the card. */
  z.object({ kind: z.literal('points'), amount: z.number().int().positive(), unit: balanceUnitSchema }),
  /** E-vouchers of one template, given to the member's voucher wallet. */
  z.object({ kind: z.literal('voucher'), templateId: z.string(), name: z.string(), quantity: z.number().int().positive() }),
]);
export type MissionReward = z.infer<typeof missionRewardSchema>;

export const missionSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: missionStatusSchema,
  startsAt: when,
  endsAt: when,
  /** The currency of spend tasks (ISO 4217), for writing amounts. */
  currency: z.string(),
  /** The program's unit, for earn tasks. */
  unit: balanceUnitSchema,
  tasks: z.array(missionTaskSchema).min(1),
  tasksDone: z.number().int().min(0),
  reward: missionRewardSchema,
  completedAt: when.nullable(),
});
export type Mission = z.infer<typeof missionSchema>;

export const missionCardParamsSchema = z.object({ cardId: z.string().min(1).max(64) });
export const missionParamsSchema = missionCardParamsSchema.extend({ missionId: z.string().min(1).max(64) });
/** Running missions first (ending soonest first), then the history: completed and expired ones of the last 180 days, newest first. */
export const missionListAnswerSchema = z.object({ data: z.array(missionSchema) });
export const missionAnswerSchema = z.object({ data: missionSchema });

/** How long an ended or completed mission stays in the member's history. */
export const MISSION_HISTORY_DAYS = 180;
export const MISSION_MAX_TASKS = 10;

const integrationTaskSchema = z
  .object({
    kind: missionTaskKindSchema,
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().max(1000).optional(),
    target: z.number().int().positive().max(1_000_000_000_000),
    /** Required for buy_product, refused for other kinds: a product of the mission's program. */
    productId: z.uuid().optional(),
  })
  .refine((task) => (task.kind === 'buy_product') === (task.productId !== undefined), { message: 'A buy_product task names its productId; other kinds do not', path: ['productId'] });

/** POST /integration/v1/missions. */
export const integrationMissionBodySchema = z
  .object({
    programId: programIdSchema,
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).optional(),
    startsAt: scheduledInstantSchema,
    endsAt: scheduledInstantSchema,
    reward: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('points'), amount: z.number().int().positive().max(1_000_000_000) }),
      z.object({ kind: z.literal('voucher'), templateId: z.uuid(), quantity: z.number().int().min(1).max(10) }),
    ]),
    tasks: z.array(integrationTaskSchema).min(1).max(MISSION_MAX_TASKS),
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), { message: 'The mission ends after it starts', path: ['endsAt'] });
export type IntegrationMissionBody = z.infer<typeof integrationMissionBodySchema>;

export const integrationMissionSchema = z.object({
  id: z.string(),
  programId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  startsAt: when,
  endsAt: when,
  reward: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('points'), amount: z.number().int().positive() }),
    z.object({ kind: z.literal('voucher'), templateId: z.string(), quantity: z.number().int().positive() }),
  ]),
  tasks: z.array(z.object({ id: z.string(), kind: missionTaskKindSchema, title: z.string(), description: z.string().nullable(), target: z.number().int().positive(), productId: z.string().nullable() })),
  /** Members who completed it so far. */
  completions: z.number().int().min(0),
  createdAt: when,
});
export type IntegrationMission = z.infer<typeof integrationMissionSchema>;
export const integrationMissionAnswerSchema = z.object({ data: integrationMissionSchema });
export const integrationMissionListSchema = z.object({ data: z.array(integrationMissionSchema) });
export const integrationMissionParamsSchema = z.object({ missionId: z.uuid() });
/** Nothing to say: ending takes effect at once. */
export const integrationMissionEndBodySchema = z.object({});

/**
 * POST /api/v2/cards/{cardId}/store-visits: the member visits a store; the cashier types the store's
 * code (and their own where the store asks for it) on the member's phone, as for a voucher.
 */
export const storeVisitBodySchema = z.object({
  outletCode: z.string().trim().min(1).max(32),
  cashierCode: z.string().trim().min(1).max(32).optional(),
});
export const storeVisitAnswerSchema = z.object({
  data: z.object({
    outletName: z.string(),
    visitedAt: when,
    /** False when this store's visit of the member's day was recorded already: it counts once a day. */
    counted: z.boolean(),
  }),
});

