import type { Area } from '../http/area.ts';
import { devApiKeysRoutes } from './api-keys.routes.ts';
import { devOutboxRoutes } from './outbox.routes.ts';
import { devPaymentsRoutes } from './payments.routes.ts';
import { devSubscriptionsRoutes } from './subscriptions.routes.ts';

/** What a development server adds for the demo: the outbox, sandbox payments and subscriptions, API keys. */
export const devArea: Area = { name: 'dev', developmentRoutes: [devOutboxRoutes, devPaymentsRoutes, devSubscriptionsRoutes, devApiKeysRoutes] };
