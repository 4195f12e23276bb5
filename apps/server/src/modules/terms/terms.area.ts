import type { Area } from '../../http/area.ts';
import { termsRoutes } from './terms.routes.ts';

export const termsArea: Area = { name: 'terms', routes: [termsRoutes] };
