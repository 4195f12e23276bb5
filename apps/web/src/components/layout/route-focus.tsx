import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { focusHeading } from '../ui/focus-heading.ts';

/** How long a new page's heading is waited for while its code loads. */
const WAIT_MS = 3000;

/**
 * When the member moves to another page, focus goes to that page's h1, so a screen reader
 * announces it as a new document and Tab starts from the top of it. A page that takes focus
 * itself (a code or PIN field) keeps it; the first page of a visit is left alone. The ring shows
 * only for keyboard users (`:focus-visible`). Marks the document as navigated for the page transition.
 *
 * A new page also starts at its top, as a new document would, not at the offset the last one was
 * scrolled to (which could leave the top of a form under the sticky header). Going back or forward
 * leaves the offset to the browser, which puts the page where the member left it; a jump to an
 * anchor (a hash) is left to the browser too.
 */
export function RouteFocus() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<string | null>(null);

  // From the first move on, each new page's main region enters with a short rise (layout.css); the
  // first page of a visit paints at once. Set before paint, so the page never shows and then jumps.
  useLayoutEffect(() => {
    if (previous.current === null || previous.current === pathname) return;
    document.documentElement.dataset['navigated'] = '';
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
    // Only a new path moves the page: a new query or hash on the same one (a filter) does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
        focusHeading(heading);
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(moveFocus);
    };
    frame = requestAnimationFrame(moveFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return null;
}
