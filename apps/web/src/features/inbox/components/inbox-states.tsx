import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { EnvelopeIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';

/** Where focus goes when the last message is deleted. */
export const emptyInboxId = 'inbox-empty';

/** Rows the size of a message's, while the first page loads. */
export function InboxSkeleton() {
  const { t } = useTranslation('inbox');
  return (
    <LoadingRegion label={t('loading')} className="inbox-page__skeleton">
      {[0, 1, 2, 3].map((row) => (
        <span key={row} className="inbox-skeleton-row">
          <Skeleton shape="circle" width="40px" height="40px" />
          <span className="inbox-skeleton-row__words">
            <Skeleton width="70%" />
            <Skeleton width="90%" />
            <Skeleton width="30%" />
          </span>
        </span>
      ))}
    </LoadingRegion>
  );
}

export function EmptyInbox() {
  const { t } = useTranslation('inbox');
  const { merchant } = useSite();
  return (
    <div id={emptyInboxId} tabIndex={-1}>
      <EmptyState illustration={<EnvelopeIllustration />} title={t('empty.title')} message={t('empty.message', { brand: merchant.brand })} />
    </div>
  );
}

/** The first page failed: why, and a way to try again. */
export function InboxLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <div role="alert" className="inbox-page__error">
      <p>{describeApiError(error) ?? t('loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
