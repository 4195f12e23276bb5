import { useTranslation } from '../lib/i18n.tsx';
import { PageNotFoundError } from '../lib/page-not-found.ts';
import { lazyPage } from './lazy-page.ts';

// Downloaded only when something went wrong, so they stay out of the landing page's first load.
export const NotFoundPage = lazyPage(() =>
  import('../features/errors/routes/not-found-page.tsx').then((module) => module.NotFoundPage),
);
export const FailurePage = lazyPage(() =>
  import('../features/errors/routes/failure-page.tsx').then((module) => module.FailurePage),
);

/** spec: app-core §8: a site that cannot be shown here answers 404 with 'Page not found'. */
export function SiteNotFound() {
  const { t } = useTranslation();
  return <NotFoundPage message={t('notFound.site')} />;
}

/**
 * spec: app-core §8: a page that found nothing shows the 404 page with its message; anything else
 * the generic failure page, whose 'Try again' reloads (a failed page download stays failed until then).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  return error instanceof PageNotFoundError ? <NotFoundPage message={error.message} /> : <FailurePage />;
}
