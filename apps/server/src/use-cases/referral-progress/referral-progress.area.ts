import type { Area } from '../../http/area.ts';
import { MINUTE_MS } from '@kartu/core/calendar';
import { advanceReferrals } from './referral-progress.ts';
import { referralProgressRoutes } from './referral-progress.routes.ts';

export const referralProgressArea: Area = {
  name: 'referral-progress',
  routes: [referralProgressRoutes],
  jobs: () => [{ name: 'advance-referrals', run: ({ db, now }) => advanceReferrals({ db, now }) }],
  // A member who looks at their list sees it moved on at once; everyone else's is within minutes.
  recurringJobs: [{ name: 'advance-referrals', everyMs: 5 * MINUTE_MS }],
};
