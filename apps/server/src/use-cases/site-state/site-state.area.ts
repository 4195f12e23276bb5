import type { Area } from '../../http/area.ts';
import { siteStateRoutes } from './site-state.routes.ts';

export const siteStateArea: Area = { name: 'site-state', routes: [siteStateRoutes] };
