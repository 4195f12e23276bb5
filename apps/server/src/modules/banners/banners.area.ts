import type { Area } from '../../http/area.ts';
import { bannerRoutes } from './banners.routes.ts';

export const bannersArea: Area = { name: 'banners', routes: [bannerRoutes] };
