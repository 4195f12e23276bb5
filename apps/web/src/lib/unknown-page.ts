import { useTranslation } from './i18n.tsx';
import { PageNotFoundError } from './page-not-found.ts';

/** An address under a section's routes that names no page: the app's 404 page, through its error boundary. */
export function UnknownPage(): never {
  const { t } = useTranslation();
  throw new PageNotFoundError(t('notFound.site'));
}
