import type { Area } from '../../http/area.ts';
import { ordersRoutes } from './orders.routes.ts';

export const ordersArea: Area = { name: 'orders', routes: [ordersRoutes] };
