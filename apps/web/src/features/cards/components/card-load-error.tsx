import { useTranslation } from '../../../lib/i18n.tsx';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { Redirect } from '../../../lib/redirect.tsx';

const notFoundStatuses = new Set([400, 404, 422]);

/** spec: app-core §8: a card detail load failing with 400, 404 or 422 shows the 404 page. */
export function isCardNotFound(error: unknown): boolean {
  return error instanceof ApiError && notFoundStatuses.has(error.status);
}

/**
 * Shown in place of a card page whose card failed to load: 'Card not found' on the 404 page, or
 * the 408 page whose 'Try again' comes back here (spec: app-core §8 card detail load).
 */
export function CardLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation('cards');
  const location = useLocation();
  if (isCardNotFound(error)) throw new PageNotFoundError(t('detail.notFound'));
  return <Redirect to={paths.retry.href({ from: `${location.pathname}${location.search}` })} />;
}
