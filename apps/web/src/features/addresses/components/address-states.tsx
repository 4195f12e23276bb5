import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';

/** A read the page waits on, as far as its failure goes. */
interface FailedRead {
  error: unknown;
  refetch: () => unknown;
}

/** The read failed: why, and a way to try again. */
export function AddressLoadError({ read }: { read: FailedRead }) {
  const { t } = useTranslation('addresses');
  return (
    <div className="addresses-error" role="alert">
      <p>{describeApiError(read.error) ?? t('loadError')}</p>
      <Button variant="secondary" onClick={() => void read.refetch()}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** Address cards still loading, in their own shape. */
export function AddressListSkeleton({ count = 2 }: { count?: number }) {
  const { t } = useTranslation('addresses');
  return (
    <LoadingRegion label={t('list.loading')} className="address-list">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="address-card address-card--skeleton">
          <Skeleton width="30%" height="1.25rem" />
          <Skeleton width="60%" />
          <Skeleton width="90%" />
          <Skeleton width="75%" />
        </span>
      ))}
    </LoadingRegion>
  );
}

/** The form still loading: its fields' shapes. */
export function AddressFormSkeleton() {
  const { t } = useTranslation('addresses');
  return (
    <LoadingRegion label={t('form.loading')} className="address-form">
      {Array.from({ length: 6 }, (_, index) => (
        <span key={index} className="address-form__skeleton-field">
          <Skeleton width="35%" />
          <Skeleton shape="block" height="44px" />
        </span>
      ))}
    </LoadingRegion>
  );
}
