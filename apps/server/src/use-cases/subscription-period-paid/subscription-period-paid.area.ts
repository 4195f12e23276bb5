import type { Area } from '../../http/area.ts';
import { subscriptionPaymentEffect } from './subscription-period-paid.ts';

export const subscriptionPeriodPaidArea: Area = { name: 'subscription-period-paid', paymentEffects: { subscription: subscriptionPaymentEffect } };
