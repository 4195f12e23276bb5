import type { Area } from '../../http/area.ts';
import { targetProgressRoutes } from './target-progress.routes.ts';

export const targetProgressArea: Area = { name: 'target-progress', routes: [targetProgressRoutes] };
