import type { Area } from '../../http/area.ts';
import { HOUR_MS } from '@kartu/core/calendar';
import { renewSubscriptions } from './subscription-renewal.service.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';

export const subscriptionsArea: Area = {
  name: 'subscriptions',
  routes: [subscriptionsRoutes],
  jobs: ({ payments }) => [{ name: 'renew-subscriptions', run: ({ db, now, log }) => renewSubscriptions({ db, payments, now, log }) }],
  // Lapsed subscriptions are written down, and saved cards charged a day before their period ends.
  recurringJobs: [{ name: 'renew-subscriptions', everyMs: HOUR_MS }],
};
