import { withSecrets, type Area } from '../../http/area.ts';
import { microAppRoutes } from './micro-apps.routes.ts';

export const microAppsArea: Area = { name: 'micro-apps', routes: [withSecrets(['microAppSealKey'], microAppRoutes)] };
