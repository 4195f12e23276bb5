import type { Area } from '../../http/area.ts';
import { MINUTE_MS } from '@kartu/core/calendar';
import { paymentOptionsRoutes } from './payment-options.routes.ts';
import { paymentProofsRoutes } from './payment-proofs.routes.ts';
import { reconcilePayments } from './payment-reconciliation.service.ts';
import { paymentsRoutes } from './payments.routes.ts';

export const paymentsArea: Area = {
  name: 'payments',
  routes: [paymentsRoutes, paymentOptionsRoutes, paymentProofsRoutes],
  jobs: ({ payments }) => [{ name: 'reconcile-payments', run: ({ db, now, log }) => reconcilePayments({ db, payments, now, log }) }],
  // Intents whose provider message never came settle within minutes of their expiry.
  recurringJobs: [{ name: 'reconcile-payments', everyMs: 5 * MINUTE_MS }],
};
