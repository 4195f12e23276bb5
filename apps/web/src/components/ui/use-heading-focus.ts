import { useEffect, useRef } from 'react';
import { focusHeading, isTypingIn } from './focus-heading.ts';

/**
 * focusHeading for a page or a step that opens without a route change (the first page of a visit,
 * a transfer done): its heading takes focus once drawn. Focus already in a field stays: a visitor
 * typing into a page the server drew, when the app takes it over, keeps typing where they were.
 */
export function useHeadingFocus<T extends HTMLElement = HTMLHeadingElement>() {
  const headingRef = useRef<T>(null);
  useEffect(() => {
    if (isTypingIn(document.activeElement) || !headingRef.current) return;
    focusHeading(headingRef.current);
  }, []);
  return headingRef;
}
