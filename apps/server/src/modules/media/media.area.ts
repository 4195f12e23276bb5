import type { Area } from '../../http/area.ts';
import { mediaRoutes } from './media.routes.ts';

export const mediaArea: Area = { name: 'media', routes: [mediaRoutes] };
