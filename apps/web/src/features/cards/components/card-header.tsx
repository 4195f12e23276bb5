import { useTranslation } from '../../../lib/i18n.tsx';
import { InboxButton } from '../../../components/layout/header.tsx';
import { BackIcon, QrIcon } from '../../../components/layout/icons.tsx';
import { useInboxButton } from '../../../lib/inbox-badge.ts';
import { useSite } from '../../../lib/site.tsx';
import { SingleCardMenu } from './single-card-menu.tsx';

export interface CardHeaderProps {
  title: string;
  /** Absent in single-card mode: the wallet would only lead back to this card. */
  onBack?: () => void;
  onShowQr?: () => void;
  singleCard: boolean;
}

/** The card page's header in the merchant's colours: back, program name, QR, the inbox and, for a single card, the menu. */
export function CardHeader({ title, onBack, onShowQr, singleCard }: CardHeaderProps) {
  const { t } = useTranslation();
  const { merchant } = useSite();
  const inbox = useInboxButton();
  return (
    <header className="app-header card-header">
      <div className="app-header-bar">
        {onBack ? (
          <button type="button" className="icon-btn" aria-label={t('header.back')} onClick={onBack}>
            <BackIcon />
          </button>
        ) : null}
        <div className="app-header-titles">
          <h1 className="app-header-title">{title}</h1>
          <p className="app-header-subtitle">{merchant.brand}</p>
        </div>
        <div className="app-header-actions">
          {onShowQr ? (
            <button type="button" className="icon-btn" aria-label={t('header.showQr')} onClick={onShowQr}>
              <QrIcon />
            </button>
          ) : null}
          <InboxButton {...inbox} />
          {singleCard ? <SingleCardMenu /> : null}
        </div>
      </div>
    </header>
  );
}
