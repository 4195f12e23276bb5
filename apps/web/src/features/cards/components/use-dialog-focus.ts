import { useEffect, useEffectEvent, type RefObject } from 'react';

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal's keyboard contract: focus moves in on open, Tab cycles inside, Escape calls `onClose`,
 * and focus returns to where it was when the modal closes.
 */
export function useDialogFocus(dialogRef: RefObject<HTMLElement | null>, onClose: () => void): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent, dialog: HTMLElement) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...dialog.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
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
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog).focus();
    const listener = (event: KeyboardEvent) => onKeyDown(event, dialog);
    document.addEventListener('keydown', listener);
    return () => {
      document.removeEventListener('keydown', listener);
      previous?.focus();
    };
  }, [dialogRef]);
}
