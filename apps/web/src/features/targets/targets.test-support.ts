import type { Target } from '@kartu/contracts';

/** Contract-shaped targets for page tests; override only what the test is about. */
export const targetCardId = 'card00000000000000000001';

export function targetOf(overrides: Partial<Target> = {}): Target {
  return {
    id: 'target-1',
    cardId: targetCardId,
    name: 'Spend for Gold',
    description: 'Spend at any of our outlets this year and earn bonus points.',
    kind: 'spend',
    period: 'yearly',
    target: 1_000_000,
    progress: 350_000,
    currency: 'IDR',
    unit: 'POINT',
    reward: 200,
    windowStartsAt: '2026-01-01T12:00:00.000Z',
    windowEndsAt: '2026-12-31T12:00:00.000Z',
    achieved: false,
    achievedAt: null,
    ...overrides,
  };
}
