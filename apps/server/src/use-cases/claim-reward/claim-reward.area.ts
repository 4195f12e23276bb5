import type { Area } from '../../http/area.ts';
import { claimRewardRoutes } from './claim-reward.routes.ts';

export const claimRewardArea: Area = { name: 'claim-reward', routes: [claimRewardRoutes] };
