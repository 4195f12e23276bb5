import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Called by the cancel button and by Escape. */
  onCancel: () => void;
  /** While the confirmed action runs, both buttons wait. */
  busy?: boolean;
}

/** The CONFIRMATION modal. Focus starts on cancel, so a stray Enter never confirms a lasting action. */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  return (
    <ModalDialog role="alertdialog" title={title} message={message} onClose={busy ? () => undefined : onCancel}>
      <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
        {confirmLabel}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy} data-autofocus>
        {cancelLabel}
      </button>
    </ModalDialog>
  );
}
