import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/ui/button.tsx';

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
    <Button variant="secondary" ref={buttonRef} className="load-more" onClick={onLoadMore} loading={loading}>
      {loading ? t('list.loadingMore') : t('list.loadMore')}
    </Button>
  );
}
