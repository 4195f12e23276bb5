import { useId, useRef, type ReactNode } from 'react';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus.ts';
import '../../../components/ui/dialog.css';

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

  useDialogFocus(dialogRef, onClose);

  return (
    <div className="dialog-backdrop">
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
