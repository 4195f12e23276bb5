import { paths } from '../../config/paths.ts';
import type { FeatureEligibility, FeatureKey } from '@kartu/contracts';
import type { GuardRedirect } from './guard-types.ts';

/** Named guard `featureAccess` (spec: app-core §2 Guards): a locked feature goes to /feature-locked?feature=…. */
export function featureGuard(feature: FeatureKey, eligibilities: readonly Pick<FeatureEligibility, 'feature' | 'isLocked'>[]): GuardRedirect {
  const locked = eligibilities.some((item) => item.feature === feature && item.isLocked);
  return locked ? paths.featureLocked.href({ feature }) : null;
}
