import { useEffect, useRef } from 'react';

/**
 * Calls `loadMore` when the returned element scrolls into view, for lists that grow as the member
 * reads on. Browsers without IntersectionObserver keep the visible "Load more" button.
 */
export function useLoadMoreOnView<T extends Element>(loadMore: () => void, enabled: boolean) {
  const sentinelRef = useRef<T>(null);
  const loadMoreRef = useRef(loadMore);

  useEffect(() => {
    loadMoreRef.current = loadMore;
  }, [loadMore]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!enabled || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMoreRef.current();
      },
      // Start a little before the end, so the next page is usually there when the member gets to it.
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [enabled]);

  return sentinelRef;
}
