import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import './dialog.css';

const tabbableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The platform lets Tab pass from a modal dialog's last control to the browser's own controls;
 * our dialogs have always wrapped to their first control instead, and keep doing so.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>): void {
  const dialog = event.currentTarget;
  const items = [...dialog.querySelectorAll<HTMLElement>(tabbableSelector)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    // Every control is disabled (an action is running): focus stays on the dialog itself.
    event.preventDefault();
    dialog.focus();
  } else if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogProps {
  /** The frame: `dialog-backdrop` (a card on the dimmed page), `sheet-backdrop` (a bottom sheet) or a page of its own. */
  className: string;
  /** 'alertdialog' when the member must answer before going on. */
  role?: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  /**
   * Escape and the platform's back gesture call it, as the dismissing button does; so does a tap
   * beside the frame with `dismissOnBackdrop`. Without it the dialog can only be answered.
   */
  onCancel?: () => void;
  dismissOnBackdrop?: boolean;
  children: ReactNode;
}

/**
 * Every modal of the app (spec: app-core §4 Modal types): a native <dialog> opened with showModal()
 * while it is mounted. The browser puts it above every layer and makes the page behind it inert;
 * focus moves in on open (to the `data-autofocus` element, else the first control) and goes back
 * to where it was on close.
 */
export function Dialog({ className, role = 'dialog', labelledBy, describedBy, onCancel, dismissOnBackdrop = false, children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  // A layout effect's cleanup runs while the dialog is still in the document, so close() can hand focus back.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => dialog.close();
  }, []);

  const cancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onCancel?.();
  };

  // The browser closes a dialog by itself when a page refuses Escape too often; a mounted dialog stays open.
  const reopen = () => {
    const dialog = dialogRef.current;
    if (dialog?.isConnected && !dialog.open) dialog.showModal();
  };

  const keyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // A refused keydown never becomes a close request, so a dialog without onCancel stays.
    if (event.key === 'Escape' && !onCancel) event.preventDefault();
    if (event.key === 'Tab') keepTabInside(event);
  };

  const click = (event: MouseEvent<HTMLDialogElement>) => {
    if (dismissOnBackdrop && event.target === event.currentTarget) onCancel?.();
  };

  return (
    <dialog
      ref={dialogRef}
      className={`dialog ${className}`}
      role={role === 'alertdialog' ? role : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      tabIndex={-1}
      onCancel={cancel}
      onClose={reopen}
      onKeyDown={keyDown}
      onClick={click}
    >
      {children}
    </dialog>
  );
}
