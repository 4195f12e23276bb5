import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';
import { Button } from './button.tsx';

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
      <Button variant="danger" onClick={onConfirm} loading={busy}>
        {confirmLabel}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
        {cancelLabel}
      </Button>
    </ModalDialog>
  );
}
