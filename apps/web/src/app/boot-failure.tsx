import { Suspense } from 'react';
import { FailurePage, SiteNotFound } from './route-error.tsx';

/**
 * When /api/site cannot boot the app: 404 means no merchant owns this host ('Page not found'),
 * anything else shows the generic failure page (spec: app-core §8). Render inside a router:
 * the 404 page's 'Go Back' navigates.
 */
export function BootFailure({ siteMissing }: { siteMissing: boolean }) {
  return <Suspense fallback={null}>{siteMissing ? <SiteNotFound /> : <FailurePage />}</Suspense>;
}
