import { useEffect, useEffectEvent, type RefObject } from 'react';

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)];
}

/**
 * Keeps keyboard focus inside an open modal: focus moves in on open, Tab cycles within it, and
 * focus returns to where it was on close. The age gate ignores Escape: it must be answered.
 */
export function useDialogFocus(dialogRef: RefObject<HTMLElement | null>): void {
  const keepFocusInside = useEffectEvent((event: KeyboardEvent, dialog: HTMLElement) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusablesIn(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
      return;
    }
    const active = document.activeElement;
    const outside = !(active instanceof Node) || !dialog.contains(active);
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (focusablesIn(dialog)[0] ?? dialog).focus();
    const onKeyDown = (event: KeyboardEvent) => keepFocusInside(event, dialog);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
  }, [dialogRef]);
}
