import type { Area } from '../../http/area.ts';
import { tenancyRoutes } from './tenancy.routes.ts';

export const tenancyArea: Area = { name: 'tenancy', routes: [tenancyRoutes] };
