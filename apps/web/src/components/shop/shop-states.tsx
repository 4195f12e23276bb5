import { describeApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { Button } from '../ui/button.tsx';
import './shop.css';

/** A load that failed: what went wrong and a way to try again. */
/** A read a page waits on: what ShopLoadError needs of a query. */
interface FailedRead {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The page's reads failed: the first failure's reason, and a retry of each read that failed. */
export function ShopLoadError({ reads }: { reads: readonly FailedRead[] }) {
  const { t } = useTranslation('shop');
  const failed = reads.filter((read) => read.isError);
  return (
    <div className="shop-error" role="alert">
      <p>{describeApiError(failed[0]?.error) ?? t('errors.load')}</p>
      <Button variant="secondary" onClick={() => failed.forEach((read) => void read.refetch())}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** The next page of a list, by hand: a button, as the keyboard and screen readers need. */
export function LoadMoreButton({ onLoadMore, loading }: { onLoadMore: () => void; loading: boolean }) {
  const { t } = useTranslation('shop');
  return (
    <Button variant="secondary" className="shop-load-more" onClick={onLoadMore} loading={loading}>
      {loading ? t('list.loadingMore') : t('list.loadMore')}
    </Button>
  );
}
