import type { Area } from '../../http/area.ts';
import { moveOrderRoutes } from './move-order.routes.ts';
import { orderPaymentEffect } from './order-payment-effect.ts';

export const moveOrderArea: Area = { name: 'move-order', integrationRoutes: [moveOrderRoutes], paymentEffects: { order: orderPaymentEffect } };
