import { useId, useState, type ReactNode } from 'react';
import { ClearIcon } from '../layout/icons.tsx';
import { Barcode } from './barcode.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { QrCode } from './qr-code.tsx';
import { useScreenWakeLock } from './use-screen-wake-lock.ts';
import './scan-code.css';

/*
 * Imports the QR and barcode encoders: load this module lazily (a lazy route, or React.lazy), never
 * from a page on the first load's path.
 */

/** '7KQM3PX9ABCD' as '7KQM 3PX9 ABCD': easier to read aloud and to type at a till. */
export function groupedCode(code: string): string {
  return code.length > 6 ? (code.match(/.{1,4}/g) ?? [code]).join(' ') : code;
}

/** The words around a code, in the caller's catalogue. */
export interface ScanCodeLabels {
  /** The QR code's accessible name: 'QR code of voucher 7KQM…'. */
  qr: string;
  barcode: string;
  /** Read before the written-out code: 'Voucher code'. */
  code: string;
  showBigger: string;
  close: string;
  /** The full-screen view's heading: what the code is for. */
  title: string;
  /** Under the large code: turn the brightness up. */
  hint: string;
}

export interface ScanCodeProps {
  value: string;
  labels: ScanCodeLabels;
  /** More lines under the code, such as a partner's own code. */
  children?: ReactNode;
}

/**
 * A code for a counter or a till to scan: a QR code and a Code 128 barcode, black on white whatever
 * the brand's colours, with the code written out. The screen stays on while it shows, and "Show
 * bigger" opens it full screen (spec: codes shown at full brightness size).
 */
export function ScanCode({ value, labels, children }: ScanCodeProps) {
  const [bigger, setBigger] = useState(false);
  useScreenWakeLock();
  return (
    <div className="scan-code">
      <div className="scan-code__qr">
        <QrCode value={value} label={labels.qr} />
      </div>
      <div className="scan-code__barcode">
        <Barcode value={value} label={labels.barcode} />
      </div>
      <p>
        <span className="visually-hidden">{labels.code} </span>
        <span className="scan-code__digits">{groupedCode(value)}</span>
      </p>
      {children}
      <Button variant="link" className="scan-code__bigger" aria-haspopup="dialog" onClick={() => setBigger(true)}>
        {labels.showBigger}
      </Button>
      {bigger ? <ScanCodeView value={value} labels={labels} onClose={() => setBigger(false)} /> : null}
    </div>
  );
}

/** The code alone on a white screen, the QR code as large as the screen allows. */
function ScanCodeView({ value, labels, onClose }: { value: string; labels: ScanCodeLabels; onClose: () => void }) {
  const titleId = useId();
  const hintId = useId();
  return (
    <Dialog className="scan-code-view" labelledBy={titleId} describedBy={hintId} onCancel={onClose}>
      <div className="scan-code-view__bar">
        <h2 id={titleId} className="scan-code-view__title">
          {labels.title}
        </h2>
        <button type="button" className="icon-btn" aria-label={labels.close} onClick={onClose} data-autofocus>
          <ClearIcon />
        </button>
      </div>
      <div className="scan-code-view__body">
        <QrCode value={value} label={labels.qr} />
        <p>
          <span className="visually-hidden">{labels.code} </span>
          <span className="scan-code-view__digits">{groupedCode(value)}</span>
        </p>
        <p id={hintId} className="scan-code-view__hint">
          {labels.hint}
        </p>
      </div>
    </Dialog>
  );
}
