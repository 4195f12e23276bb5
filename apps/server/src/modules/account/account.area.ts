import { withSecrets, type Area } from '../../http/area.ts';
import { accountRoutes } from './account.routes.ts';

export const accountArea: Area = { name: 'account', routes: [withSecrets(['codeSecret', 'outboxSealKey'], accountRoutes)] };
