import { MINUTE_MS } from '@kartu/core/calendar';
import type { Area } from '../../http/area.ts';
import { billerWebhookRoutes } from './biller-webhook.routes.ts';
import { integrationBillRoutes } from './bills.integration.routes.ts';
import { settlePendingBills } from './pay-bill.ts';
import { payBillRoutes } from './pay-bill.routes.ts';

export const payBillArea: Area = {
  name: 'pay-bill',
  routes: [payBillRoutes, billerWebhookRoutes],
  integrationRoutes: [integrationBillRoutes],
  jobs: ({ biller }) => [{ name: 'settle-pending-bills', run: ({ db, now }) => settlePendingBills({ db, biller, now }) }],
  recurringJobs: [{ name: 'settle-pending-bills', everyMs: MINUTE_MS }],
};
