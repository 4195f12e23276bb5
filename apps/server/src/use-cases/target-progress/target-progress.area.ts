import type { Area } from '../../http/area.ts';
import { MINUTE_MS } from '@kartu/core/calendar';
import { payReachedTargets } from './target-progress.ts';
import { targetProgressRoutes } from './target-progress.routes.ts';

export const targetProgressArea: Area = {
  name: 'target-progress',
  routes: [targetProgressRoutes],
  jobs: () => [{ name: 'pay-reached-targets', run: ({ db, now }) => payReachedTargets({ db, now }) }],
  // Each run looks back twice this far (TARGET_SWEEP_LOOKBACK_MS): one late run misses no card.
  recurringJobs: [{ name: 'pay-reached-targets', everyMs: 15 * MINUTE_MS }],
};
