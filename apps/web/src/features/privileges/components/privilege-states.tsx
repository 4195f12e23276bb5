import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';

/** Shapes the size of a perk card, `count` of them, while the perks load. */
export function PrivilegesSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation('privileges');
  return (
    <LoadingRegion label={t('loading')} className="privileges-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} shape="block" height="7.5rem" />
      ))}
    </LoadingRegion>
  );
}

/** A failed load: why, in the member's language, and a way to try again. */
export function PrivilegesLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('privileges');
  return (
    <div role="alert" className="privileges-error">
      <p>{describeApiError(error) ?? t('loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
