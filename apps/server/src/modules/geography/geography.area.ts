import type { Area } from '../../http/area.ts';
import { areaRoutes } from './areas.routes.ts';

export const geographyArea: Area = { name: 'geography', routes: [areaRoutes] };
