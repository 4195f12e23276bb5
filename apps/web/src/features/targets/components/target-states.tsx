import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';

/** Shapes the size of a target card, `count` of them, while the targets load. */
export function TargetsSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation('targets');
  return (
    <LoadingRegion label={t('loading')} className="targets-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} shape="block" height="8rem" />
      ))}
    </LoadingRegion>
  );
}

/** A failed load: why, and a way to try again. */
export function TargetsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('targets');
  return (
    <div role="alert" className="targets-error">
      <p>{describeApiError(error) ?? t('loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
