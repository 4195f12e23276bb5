import type { Area } from '../../http/area.ts';
import { referralRoutes } from './referrals.routes.ts';

export const referralsArea: Area = { name: 'referrals', routes: [referralRoutes] };
