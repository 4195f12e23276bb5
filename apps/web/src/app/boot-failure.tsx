import { createBrowserRouter, data } from 'react-router';
import { RouteError } from './route-error.tsx';
import type { NotFoundReason } from './route-loaders.ts';

/**
 * When /api/site cannot boot the app: 404 means no merchant owns this host ('Page not found'),
 * anything else shows the generic failure page (spec: app-core §8). The error pages need a router.
 */
export function createBootFailureRouter(siteMissing: boolean) {
  return createBrowserRouter([
    {
      path: '*',
      loader: () => {
        if (siteMissing) throw data<NotFoundReason>('site', { status: 404 });
        throw new Error('The site could not be loaded');
      },
      errorElement: <RouteError />,
      HydrateFallback: () => null,
    },
  ]);
}
