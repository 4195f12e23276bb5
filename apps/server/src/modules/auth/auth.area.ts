import { withSecrets, type Area } from '../../http/area.ts';
import { authStateRoutes } from './auth-state.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { pinRoutes } from './pin.routes.ts';

export const authArea: Area = { name: 'auth', routes: [authRoutes, authStateRoutes, pinRoutes].map((routes) => withSecrets(['codeSecret', 'outboxSealKey'], routes)) };
