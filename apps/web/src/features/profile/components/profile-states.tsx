import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';

/** The profile could not be read: why, and a way to try again. */
export function ProfileLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <div className="profile-error" role="alert">
      <p>{describeApiError(error) ?? t('loadError')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** The photo and the fields still loading, in their own shapes. */
export function ProfileSkeleton() {
  const { t } = useTranslation('profile');
  return (
    <LoadingRegion label={t('loading')} className="profile-skeleton">
      <Skeleton shape="circle" width="96px" height="96px" className="profile-skeleton__photo" />
      {Array.from({ length: 5 }, (_, index) => (
        <span key={index} className="profile-skeleton__field">
          <Skeleton width="35%" />
          <Skeleton shape="block" height="44px" />
        </span>
      ))}
    </LoadingRegion>
  );
}
