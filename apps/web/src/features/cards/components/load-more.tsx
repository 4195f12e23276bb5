import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';

export interface LoadMoreProps {
  onLoadMore: () => void;
  loading: boolean;
}

/**
 * Loads the next page when the end of the list scrolls into view; the button stays as the way to
 * do it by hand (keyboard, screen readers, browsers without IntersectionObserver).
 */
export function LoadMore({ onLoadMore, loading }: LoadMoreProps) {
  const { t } = useTranslation('cards');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });

  useEffect(() => {
    const button = buttonRef.current;
    if (!button || typeof IntersectionObserver === 'undefined' || loading) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMoreRef.current();
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [loading]);

  return (
    <button ref={buttonRef} type="button" className="btn btn-ghost load-more" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
      {loading ? t('list.loadingMore') : t('list.loadMore')}
    </button>
  );
}
