import type { Area } from '../../http/area.ts';
import { healthRoutes } from './health.routes.ts';

export const healthArea: Area = { name: 'health', routes: [healthRoutes] };
