import type { Area } from '../../http/area.ts';
import { pushRoutes } from './push.routes.ts';

export const pushArea: Area = { name: 'push', routes: [pushRoutes] };
