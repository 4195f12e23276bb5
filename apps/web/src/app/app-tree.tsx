import { StrictMode, type ComponentType, type ReactNode } from 'react';
import type { SiteState } from '@kartu/contracts';
import { DeferredFeedback } from '../components/feedback/deferred-feedback.tsx';
import { SiteProvider } from '../lib/site.tsx';
import { AppRoutes } from './routes.tsx';
import { UnauthorizedRedirect } from './unauthorized-redirect.tsx';

export interface AppTreeProps {
  site: SiteState;
  /** BrowserRouter in the browser; a StaticRouter at the request's address on the server. */
  router: ComponentType<{ children: ReactNode }>;
}

/**
 * The whole app for a booted site. The browser and the server render this same tree, so the page
 * the server writes (the landing page) hydrates without a mismatch.
 */
export function AppTree({ site, router: Router }: AppTreeProps) {
  return (
    <StrictMode>
      <SiteProvider site={site}>
        <Router>
          <UnauthorizedRedirect />
          <AppRoutes />
        </Router>
        <DeferredFeedback />
      </SiteProvider>
    </StrictMode>
  );
}
