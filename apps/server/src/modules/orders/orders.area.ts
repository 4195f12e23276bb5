import type { Area } from '../../http/area.ts';
import { orderPaymentEffect } from './order-payments.ts';
import { ordersRoutes } from './orders.routes.ts';
import { integrationOrdersRoutes } from './orders.integration.routes.ts';

export const ordersArea: Area = { name: 'orders', integrationRoutes: [integrationOrdersRoutes], routes: [ordersRoutes], paymentEffects: { order: orderPaymentEffect } };
