import { paths } from '../../config/paths.ts';
import type { GuardRedirect } from './guard-types.ts';

export interface FeatureEligibility {
  feature: string;
  isLocked: boolean;
}

/** Named guard `featureAccess` (spec: app-core §2 Guards): a locked feature goes to /feature-locked?feature=…. */
export function featureGuard(feature: string, eligibilities: readonly FeatureEligibility[]): GuardRedirect {
  const locked = eligibilities.some((item) => item.feature === feature && item.isLocked);
  return locked ? paths.featureLocked.href({ feature }) : null;
}
