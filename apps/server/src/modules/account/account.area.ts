import type { Area } from '../../http/area.ts';
import { accountRoutes } from './account.routes.ts';

export const accountArea: Area = { name: 'account', routes: [accountRoutes] };
