import { useEffect, useRef } from 'react';

/**
 * Moves keyboard and screen-reader focus to the page heading when a page opens, so a route change
 * is announced like a new document. The heading needs `tabIndex={-1}` to accept focus.
 */
export function useHeadingFocus<T extends HTMLElement = HTMLHeadingElement>() {
  const headingRef = useRef<T>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return headingRef;
}
