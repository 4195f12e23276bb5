import { MINUTE_MS } from '@kartu/core/calendar';
import { withSecrets, type Area } from '../../http/area.ts';
import { payDueUniqueCodes, payUniqueCodeClaim, payUniqueCodeJobName } from './claim-unique-code.ts';
import { integrationScanRoutes } from './earn-codes.integration.routes.ts';
import { scanRoutes } from './scan.routes.ts';

export const scanCodeArea: Area = {
  name: 'scan-code',
  routes: [withSecrets(['earnCodeKey', 'uniqueCodeKey'], scanRoutes)],
  integrationRoutes: [withSecrets(['earnCodeKey'], integrationScanRoutes)],
  jobs: () => [
    {
      name: payUniqueCodeJobName,
      run: async ({ db, now, payload }) => (typeof payload.claimId === 'string' ? payUniqueCodeClaim({ db, claimId: payload.claimId, now }) : false),
    },
    { name: 'pay-due-unique-codes', run: ({ db, now }) => payDueUniqueCodes({ db, now }) },
  ],
  // A backstop only: each claim's own job pays it at its time.
  recurringJobs: [{ name: 'pay-due-unique-codes', everyMs: 60 * MINUTE_MS }],
};
