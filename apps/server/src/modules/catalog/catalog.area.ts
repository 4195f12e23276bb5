import type { Area } from '../../http/area.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { integrationCatalogRoutes } from './catalog.integration.routes.ts';

export const catalogArea: Area = { name: 'catalog', integrationRoutes: [integrationCatalogRoutes], routes: [catalogRoutes] };
