import { createBrowserRouter } from 'react-router';
import type { SiteState } from '@kartu/contracts';
import { progress } from '../components/feedback/progress-store.ts';
import { paths } from '../config/paths.ts';
import { onPendingChange, onUnauthorized } from '../lib/api-client.ts';
import { createRoutes } from './routes.tsx';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Ties the router to the API client: a 401 leaves for '/', and busy work drives the progress bar. */
export function connectRouter(router: AppRouter): () => void {
  const stopUnauthorized = onUnauthorized(() => {
    // spec: app-core §4 Login-pending 401: signed out and sent to '/'.
    if (router.state.location.pathname !== paths.home()) void router.navigate(paths.home(), { replace: true });
  });
  const stopPending = onPendingChange((count) => progress.setBusy('requests', count > 0));
  const stopNavigation = router.subscribe((state) => progress.setBusy('navigation', state.navigation.state !== 'idle'));
  return () => {
    stopUnauthorized();
    stopPending();
    stopNavigation();
  };
}

export function createAppRouter(site: SiteState): AppRouter {
  const router = createBrowserRouter(createRoutes(site));
  connectRouter(router);
  return router;
}
