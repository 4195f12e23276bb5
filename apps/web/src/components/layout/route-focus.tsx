import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page's heading is waited for while its code loads. */
const WAIT_MS = 3000;

/**
 * When the member moves to another page, focus goes to that page's h1, so a screen reader
 * announces it as a new document and Tab starts from the top of it. A page that takes focus
 * itself (a code or PIN field) keeps it; the first page of a visit is left alone. The ring shows
 * only for keyboard users (`:focus-visible`). Marks the document as navigated for the page transition.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  // From the first move on, each new page's main region enters with a short rise (layout.css); the
  // first page of a visit paints at once. Set before paint, so the page never shows and then jumps.
  useLayoutEffect(() => {
    if (previous.current !== null && previous.current !== pathname) document.documentElement.dataset['navigated'] = '';
  }, [pathname]);

  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === null || from === pathname) return;
    const focusedBefore = document.activeElement;
    const deadline = performance.now() + WAIT_MS;
    let frame = 0;
    const moveFocus = () => {
      const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      const active = document.activeElement;
      const pageTookFocus = active !== null && active !== document.body && active !== focusedBefore && active.isConnected;
      if (pageTookFocus) return;
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(moveFocus);
    };
    frame = requestAnimationFrame(moveFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return null;
}
