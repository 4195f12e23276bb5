import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';

/** Shapes the size of a mission card, `count` of them, while the missions load. */
export function MissionsSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation('missions');
  return (
    <LoadingRegion label={t('loading')} className="missions-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} shape="block" height="8.5rem" />
      ))}
    </LoadingRegion>
  );
}

/** A failed load: why, and a way to try again. */
export function MissionsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('missions');
  return (
    <div role="alert" className="missions-error">
      <p>{describeApiError(error) ?? t('loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
