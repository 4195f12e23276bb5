import { z } from 'zod';

/*
 * Feature locks (app-core §2 Guards, §3 Feature eligibility item, §7 api/users/feature-eligibilities):
 * a merchant keeps a feature of the app closed, to everyone or until a member reaches a level.
 * docs/decisions/033-feature-locks.md.
 */

/** The features a merchant can lock: the names the app's pages are flagged with. */
export const featureKeys = [
  'catalog',
  'claim-point',
  'egift',
  'mission',
  'privilege',
  'referral',
  'scan-qris',
  'scan-receipt',
  'scan-to-earn',
  'subscription',
  'target-achievement',
  'transfer-point',
] as const;
export const featureKeySchema = z.enum(featureKeys);
export type FeatureKey = z.infer<typeof featureKeySchema>;

/** What opens a locked feature: nothing the member can do (`closed`), or a level on a program's card. */
export const featureUnlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('closed') }),
  z.object({
    kind: z.literal('level'),
    programId: z.string(),
    programName: z.string(),
    levelName: z.string(),
    /** The member's card of that program, to show its levels; null when the member has none. */
    cardId: z.string().nullable(),
  }),
]);
export type FeatureUnlock = z.infer<typeof featureUnlockSchema>;

/** One feature's standing for the member; `unlock` says what opens it, null while it is open. */
export const featureEligibilitySchema = z.object({ feature: featureKeySchema, isLocked: z.boolean(), unlock: featureUnlockSchema.nullable() });
export type FeatureEligibility = z.infer<typeof featureEligibilitySchema>;

/** Every feature the app knows, locked or not, for the signed-in member at the Host's merchant. */
export const featureEligibilitiesSchema = z.object({ data: z.array(featureEligibilitySchema) });
export type FeatureEligibilities = z.infer<typeof featureEligibilitiesSchema>;
