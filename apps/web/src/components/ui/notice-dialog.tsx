import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';
import { Button } from './button.tsx';

export interface NoticeDialogProps {
  title: string;
  message: ReactNode;
  okLabel: string;
  /** Called by the OK button and by Escape alike: the notice only informs. */
  onOk: () => void;
}

/** The NOTIFICATION modal: a message and one OK button. */
export function NoticeDialog({ title, message, okLabel, onOk }: NoticeDialogProps) {
  return (
    <ModalDialog role="dialog" title={title} message={message} onClose={onOk}>
      <Button onClick={onOk}>
        {okLabel}
      </Button>
    </ModalDialog>
  );
}
