import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { formatCardNumber } from '@kartu/core';
import { ClearIcon } from '../../../components/layout/icons.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';

export interface CardQrModalProps {
  cardNumber: string;
  programName: string;
  onClose: () => void;
}

/** spec: app-core §2 Layout: the full-page QR modal with the card's code, for a cashier to scan. */
export function CardQrModal({ cardNumber, programName, onClose }: CardQrModalProps) {
  const { t } = useTranslation('cards');
  const titleId = useId();
  const hintId = useId();
  const grouped = formatCardNumber(cardNumber);

  return (
    <Dialog className="card-qr-modal" labelledBy={titleId} describedBy={hintId} onCancel={onClose}>
      <div className="card-qr-modal__bar">
        <h2 id={titleId} className="card-qr-modal__title">
          {programName}
        </h2>
        <button type="button" className="icon-btn" aria-label={t('qr.close')} onClick={onClose} data-autofocus>
          <ClearIcon />
        </button>
      </div>
      <div className="card-qr-modal__body">
        <QrCode value={cardNumber} label={t('qr.codeLabel', { number: grouped })} />
        <p className="card-qr-modal__number">
          {grouped}
        </p>
        <p id={hintId} className="muted card-qr-modal__hint">
          {t('qr.brightnessHint')}
        </p>
      </div>
    </Dialog>
  );
}
