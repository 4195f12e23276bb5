import { useId, type ReactNode } from 'react';
import { Dialog } from './dialog.tsx';

export interface ModalDialogProps {
  /** 'alertdialog' when the member must answer before going on. */
  role: 'dialog' | 'alertdialog';
  title: string;
  message: ReactNode;
  /** Escape closes the dialog the same way as its dismissing button. */
  onClose: () => void;
  children: ReactNode;
}

/** The card shared by the NOTIFICATION and CONFIRMATION modals (spec: app-core §4 Modal types): a title, a message and the actions. */
export function ModalDialog({ role, title, message, onClose, children }: ModalDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog className="dialog-backdrop" role={role} labelledBy={titleId} describedBy={messageId} onCancel={onClose}>
      <div className="modal-dialog">
        <h2 id={titleId} className="modal-dialog__title">
          {title}
        </h2>
        <div id={messageId} className="modal-dialog__message">
          {message}
        </div>
        <div className="modal-dialog__actions">{children}</div>
      </div>
    </Dialog>
  );
}
