import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';

/** The page's shapes while the program loads: the offer, the code, the counts. */
export function ReferralSkeleton() {
  const { t } = useTranslation('referral');
  return (
    <LoadingRegion label={t('loading')} className="referral-skeleton">
      <Skeleton shape="block" height="7rem" />
      <Skeleton shape="block" height="5rem" />
      <Skeleton shape="block" height="4rem" />
    </LoadingRegion>
  );
}

/** Rows the size of a friend's, while a list loads. */
export function FriendsSkeleton() {
  const { t } = useTranslation('referral');
  return (
    <LoadingRegion label={t('friends.loading')} className="referral-skeleton">
      {[0, 1, 2].map((row) => (
        <span key={row} className="referral-skeleton__row">
          <Skeleton width="60%" />
          <Skeleton width="40%" />
        </span>
      ))}
    </LoadingRegion>
  );
}

/** A failed load: why, and a way to try again. */
export function ReferralLoadError({ error, message, onRetry }: { error: unknown; message: string; onRetry: () => void }) {
  const { t } = useTranslation('referral');
  return (
    <div role="alert" className="referral-error">
      <p>{describeApiError(error) ?? message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
