import { useEffect, useEffectEvent, type RefObject } from 'react';

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)];
}

/**
 * A modal's keyboard contract (spec: app-core §4 Modal types): focus moves in on open (to the
 * `data-autofocus` element, else the first control), Tab cycles inside, and focus returns to where
 * it was on close. Escape calls `onEscape`; without one (the age gate must be answered) it does nothing.
 */
export function useDialogFocus(dialogRef: RefObject<HTMLElement | null>, onEscape?: () => void): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent, dialog: HTMLElement) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape?.();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusablesIn(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      // Every control is disabled (an action is running): focus stays on the dialog itself.
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
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(dialog)[0] ?? dialog).focus();
    const listener = (event: KeyboardEvent) => onKeyDown(event, dialog);
    document.addEventListener('keydown', listener);
    return () => {
      document.removeEventListener('keydown', listener);
      previous?.focus();
    };
  }, [dialogRef]);
}
