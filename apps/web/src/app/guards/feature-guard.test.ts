import { describe, it, expect } from 'vitest';
import { featureGuard } from './feature-guard.ts';

describe('featureGuard', () => {
  const eligibilities = [
    { feature: 'scan-qris', isLocked: true },
    { feature: 'transfer-point', isLocked: false },
  ] as const;
  it('sends a locked feature to /feature-locked naming the feature', () => {
    expect(featureGuard('scan-qris', eligibilities)).toBe('/feature-locked?feature=scan-qris');
  });
  it('lets open or unlisted features through', () => {
    expect(featureGuard('transfer-point', eligibilities)).toBeNull();
    expect(featureGuard('referral', eligibilities)).toBeNull();
  });
});
