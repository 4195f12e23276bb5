import type { Area } from '../../http/area.ts';
import { memberPrivilegesRoutes } from './member-privileges.routes.ts';
import { integrationPrivilegeRoutes } from './privileges.integration.routes.ts';

export const memberPrivilegesArea: Area = { name: 'member-privileges', routes: [memberPrivilegesRoutes], integrationRoutes: [integrationPrivilegeRoutes] };
