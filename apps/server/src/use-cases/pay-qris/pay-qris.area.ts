import type { Area } from '../../http/area.ts';
import { qrisPaymentEffect } from './pay-qris.ts';
import { payQrisRoutes } from './pay-qris.routes.ts';

export const payQrisArea: Area = { name: 'pay-qris', routes: [payQrisRoutes], paymentEffects: { qris: qrisPaymentEffect } };
