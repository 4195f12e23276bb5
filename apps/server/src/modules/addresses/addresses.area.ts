import type { Area } from '../../http/area.ts';
import { addressesRoutes } from './addresses.routes.ts';

export const addressesArea: Area = { name: 'addresses', routes: [addressesRoutes] };
