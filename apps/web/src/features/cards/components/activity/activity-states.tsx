import { useTranslation } from '../../../../lib/i18n.tsx';
import { describeApiError } from '../../../../lib/api-client.ts';
import { LoadingRegion, Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Button } from '../../../../components/ui/button.tsx';

/** Placeholder rows shaped like the list's rows while it loads; announced once as busy, not row by row. */
export function ListSkeleton({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <LoadingRegion label={label} className="activity-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="activity-skeleton__row" aria-hidden="true">
          <Skeleton shape="circle" width="40px" height="40px" />
          <span className="activity-skeleton__lines">
            <Skeleton width="70%" />
            <Skeleton width="40%" />
          </span>
          <Skeleton width="56px" />
        </div>
      ))}
    </LoadingRegion>
  );
}

/** A failed load, said in the spec's words for its cause, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('cards');
  return (
    <div className="activity-empty" role="alert">
      <p>{describeApiError(error) ?? t('activity.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('activity.retry')}
      </Button>
    </div>
  );
}
