import type { Area } from '../../http/area.ts';
import { ssoRoutes } from './sso.routes.ts';

export const ssoArea: Area = { name: 'sso', routes: [ssoRoutes] };
