import type { Area } from '../../http/area.ts';
import { integrationReferralRoutes } from './referrals.integration.routes.ts';
import { referralRoutes } from './referrals.routes.ts';

export const referralsArea: Area = { name: 'referrals', routes: [referralRoutes], integrationRoutes: [integrationReferralRoutes] };
