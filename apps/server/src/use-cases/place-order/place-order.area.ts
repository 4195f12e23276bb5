import type { Area } from '../../http/area.ts';
import { placeOrderRoutes } from './place-order.routes.ts';

export const placeOrderArea: Area = { name: 'place-order', routes: [placeOrderRoutes] };
