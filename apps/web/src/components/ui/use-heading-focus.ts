import { useEffect, useRef } from 'react';

/**
 * Moves keyboard and screen-reader focus to the page heading when a page opens, so a route change
 * is announced like a new document. The heading needs `tabIndex={-1}` to accept focus. Focus that
 * is already somewhere on the page stays: a visitor typing into a page the server drew, when the app
 * takes it over, keeps typing where they were.
 */
export function useHeadingFocus<T extends HTMLElement = HTMLHeadingElement>() {
  const headingRef = useRef<T>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && active.closest('input, textarea, select, [contenteditable]')) return;
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return headingRef;
}
