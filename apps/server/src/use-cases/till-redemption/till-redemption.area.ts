import { withSecrets, type Area } from '../../http/area.ts';
import { tillRedemptionRoutes } from './till-redemption.routes.ts';

export const tillRedemptionArea: Area = { name: 'till-redemption', integrationRoutes: [withSecrets(['voucherCodeKeys'], tillRedemptionRoutes)] };
