import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

// Loaded only when something failed, so they stay out of the landing page's first load.
const NotFoundPage = lazy(() =>
  import('../features/errors/routes/not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })),
);
const FailurePage = lazy(() =>
  import('../features/errors/routes/failure-page.tsx').then((module) => ({ default: module.FailurePage })),
);

/** spec: app-core §8: guard 404s show 'Page not found'; anything else the generic failure page. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const page =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFoundPage message={error.data === 'site' ? t('notFound.site') : t('notFound.route')} />
    ) : (
      <FailurePage />
    );
  return <Suspense fallback={null}>{page}</Suspense>;
}
