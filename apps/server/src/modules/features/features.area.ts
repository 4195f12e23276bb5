import type { Area } from '../../http/area.ts';
import { featureRoutes } from './features.routes.ts';

export const featuresArea: Area = { name: 'features', routes: [featureRoutes] };
