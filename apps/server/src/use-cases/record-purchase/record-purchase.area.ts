import type { Area } from '../../http/area.ts';
import { recordPurchaseRoutes } from './record-purchase.routes.ts';

export const recordPurchaseArea: Area = { name: 'record-purchase', integrationRoutes: [recordPurchaseRoutes] };
