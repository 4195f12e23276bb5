import type { Area } from '../../http/area.ts';
import { catalogRoutes } from './catalog.routes.ts';

export const catalogArea: Area = { name: 'catalog', routes: [catalogRoutes] };
