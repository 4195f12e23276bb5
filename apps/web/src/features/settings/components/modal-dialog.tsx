import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import './dialogs.css';

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)];
}

export interface ModalDialogProps {
  /** 'alertdialog' when the member must answer before going on. */
  role: 'dialog' | 'alertdialog';
  title: string;
  message: ReactNode;
  /** Escape closes the dialog the same way as its dismissing button. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * The modal frame shared by the NOTIFICATION and CONFIRMATION modals (spec: app-core §4 Modal types):
 * focus moves in on open, Tab stays inside, Escape closes, and focus returns on close.
 */
export function ModalDialog({ role, title, message, onClose, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const messageId = useId();

  const onKeyDown = useEffectEvent((event: KeyboardEvent, dialog: HTMLElement) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusablesIn(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
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
  }, []);

  return (
    <div className="modal-backdrop">
      <div ref={dialogRef} className="modal-dialog" role={role} aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} tabIndex={-1}>
        <h2 id={titleId} className="modal-dialog__title">
          {title}
        </h2>
        <div id={messageId} className="modal-dialog__message">
          {message}
        </div>
        <div className="modal-dialog__actions">{children}</div>
      </div>
    </div>
  );
}
