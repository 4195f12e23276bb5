import type { Area } from '../../http/area.ts';
import { memberOrderViewRoutes, merchantOrderViewRoutes } from './order-view.routes.ts';

export const orderViewArea: Area = { name: 'order-view', routes: [memberOrderViewRoutes], integrationRoutes: [merchantOrderViewRoutes] };
