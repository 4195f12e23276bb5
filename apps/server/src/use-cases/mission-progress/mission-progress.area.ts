import { MINUTE_MS } from '@kartu/core/calendar';
import { withSecrets, type Area } from '../../http/area.ts';
import { storeVisitRoutes } from './store-visit.routes.ts';
import { integrationMissionRoutes } from './missions.integration.routes.ts';
import { settleMemberMissions, settleMissionsJobName, sweepMissions } from './mission-progress.ts';
import { missionProgressRoutes } from './mission-progress.routes.ts';

export const missionProgressArea: Area = {
  name: 'mission-progress',
  routes: [missionProgressRoutes, withSecrets(['outletCodeKey'], storeVisitRoutes)],
  integrationRoutes: [integrationMissionRoutes],
  jobs: () => [
    {
      name: settleMissionsJobName,
      run: async ({ db, now, payload }) => {
        const { merchantId, userId } = payload;
        if (typeof merchantId !== 'number' || typeof userId !== 'string') return 0;
        return settleMemberMissions({ db, merchantId, userId, now });
      },
    },
    { name: 'sweep-missions', run: ({ db, now }) => sweepMissions({ db, now }) },
  ],
  // Each run looks back twice this far (MISSION_SWEEP_LOOKBACK_MS): one late run misses no card.
  recurringJobs: [{ name: 'sweep-missions', everyMs: 15 * MINUTE_MS }],
};
