import { z } from 'zod';
import { balanceUnitSchema } from './cards.ts';

/*
 * Target achievement (app-core §2 target-achievement, target-achievement/{missionId?}; business-rules
 * §3 level or tier: spend or collect targets, date): a card program's targets, each to spend an
 * amount at the merchant or collect points within a window (a calendar year, a repeating cycle of
 * days, or a fixed period), with a reward once reached. docs/decisions/043-target-achievement.md.
 */

const when = z.string().datetime();

/** spend: money spent at the merchant's tills (minor units); collect: points (in the program's unit) earned. */
export const targetKinds = ['spend', 'collect'] as const;
export const targetKindSchema = z.enum(targetKinds);
export type TargetKind = z.infer<typeof targetKindSchema>;

/** yearly: each calendar year in the merchant's time zone; cycle: repeating windows of cycleDays; period: one fixed window. */
export const targetPeriods = ['yearly', 'cycle', 'period'] as const;
export const targetPeriodSchema = z.enum(targetPeriods);
export type TargetPeriod = z.infer<typeof targetPeriodSchema>;

export const targetSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: targetKindSchema,
  period: targetPeriodSchema,
  /** What reaches the target: minor currency units for spend, the program's unit for collect. */
  target: z.number().int().positive(),
  /** Counted in the current window; may pass the target. */
  progress: z.number().int().min(0),
  /** The currency of a spend target (ISO 4217), for writing amounts; null for collect. */
  currency: z.string().nullable(),
  /** The unit of a collect target and of the reward. */
  unit: balanceUnitSchema,
  /** The reward, in the program's unit, paid once a window when the target is reached. */
  reward: z.number().int().positive(),
  /** The current window: when it began and when it ends. */
  windowStartsAt: when,
  windowEndsAt: when,
  /** The reward of this window was paid (the target is reached). */
  achieved: z.boolean(),
  achievedAt: when.nullable(),
});
export type Target = z.infer<typeof targetSchema>;

export const targetCardParamsSchema = z.object({ cardId: z.string().min(1).max(64) });
export const targetParamsSchema = targetCardParamsSchema.extend({ targetId: z.string().min(1).max(64) });
export const targetListAnswerSchema = z.object({ data: z.array(targetSchema) });
export const targetAnswerSchema = z.object({ data: targetSchema });
