import { useId, type ReactNode } from 'react';
import { ClearIcon } from '../layout/icons.tsx';
import { Dialog } from './dialog.tsx';

export interface BottomSheetProps {
  title: string;
  /** The accessible name of the close button: 'Close'. */
  closeLabel: string;
  /** Escape, the back gesture, a tap above the sheet and the close button all call it. */
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * A panel that slides up from the bottom of the screen over the dimmed page, for a choice or a
 * short task that belongs to the page (a region, a payment method, a delivery option). A native
 * modal <dialog>, as every dialog of the app: focus moves in and returns, the page behind is inert.
 */
export function BottomSheet({ title, closeLabel, onClose, className, children }: BottomSheetProps) {
  const titleId = useId();
  return (
    <Dialog className="sheet-backdrop" labelledBy={titleId} onCancel={onClose} dismissOnBackdrop>
      <div className={['sheet', className].filter(Boolean).join(' ')}>
        <span className="sheet__handle" aria-hidden="true" />
        <div className="sheet__header">
          <h2 id={titleId} className="sheet__title">
            {title}
          </h2>
          <button type="button" className="icon-btn sheet__close" aria-label={closeLabel} onClick={onClose}>
            <ClearIcon />
          </button>
        </div>
        {children}
      </div>
    </Dialog>
  );
}
