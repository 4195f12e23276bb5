import { withSecrets, type Area } from '../../http/area.ts';
import { redeemAtCounterRoutes } from './redeem-at-counter.routes.ts';

export const redeemAtCounterArea: Area = { name: 'redeem-at-counter', routes: [withSecrets(['outletCodeKey'], redeemAtCounterRoutes)] };
