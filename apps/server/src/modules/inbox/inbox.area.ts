import type { Area } from '../../http/area.ts';
import { integrationInboxRoutes } from './inbox.integration.routes.ts';
import { inboxRoutes } from './inbox.routes.ts';

export const inboxArea: Area = { name: 'inbox', routes: [inboxRoutes], integrationRoutes: [integrationInboxRoutes] };
