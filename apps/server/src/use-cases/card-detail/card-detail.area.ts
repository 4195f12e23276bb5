import type { Area } from '../../http/area.ts';
import { cardDetailRoutes } from './card-detail.routes.ts';

export const cardDetailArea: Area = { name: 'card-detail', routes: [cardDetailRoutes] };
