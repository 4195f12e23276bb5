import type { Area } from '../../http/area.ts';
import { memberEventsRoutes } from './member-events.routes.ts';

export const memberEventsArea: Area = { name: 'member-events', routes: [memberEventsRoutes] };
