/**
 * Moves keyboard and screen-reader focus to a page's heading, so what opened is announced like a
 * new document and Tab starts from its top. The heading takes focus from script only (tabindex -1);
 * the ring shows for keyboard users (`:focus-visible`).
 */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/** Whether focus is in a field the member types into: it stays there. */
export function isTypingIn(element: Element | null): boolean {
  return element instanceof HTMLElement && element !== document.body && element.closest('input, textarea, select, [contenteditable]') !== null;
}
