import { useParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useCard } from '../../../lib/card-detail.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { QrScanner } from '../components/qr-scanner.tsx';
import { ScanResult } from '../components/scan-result.tsx';
import { UniqueCodeForm } from '../components/unique-code-form.tsx';
import { useScanFlow } from '../use-scan-flow.ts';
import '../scan.css';

/**
 * '/cards/:cardId/scan-to-earn' (app-core §2 V1 card routes): the till's earn code or a printed
 * code scanned, or the printed code typed, for this card (business-rules §4 code claim outcomes).
 */
export function ScanToEarnPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('scan');
  const { t: common } = useTranslation();
  const goBack = useBackNavigation();
  const card = useCard(cardId);
  const flow = useScanFlow(cardId);
  if (!card.data && isNotFound(card.error)) throw new PageNotFoundError(common('errors.CARD_NOT_FOUND'));

  return (
    <AppLayout header={<Header title={t('earn.title')} subtitle={card.data?.cardProgram.programName} onBack={goBack} />}>
      <div className="scan-page">
        {flow.outcome ? (
          <ScanResult outcome={flow.outcome} onScanAgain={flow.scanAgain} />
        ) : (
          <>
            <p>{t('earn.intro')}</p>
            <QrScanner onCode={flow.send} paused={flow.busy} hint={t('earn.hint')} />
            {flow.notice ? (
              <p className="field__error" role="alert">
                {flow.notice}
              </p>
            ) : null}
            <UniqueCodeForm cardId={cardId} onClaimed={(claim) => flow.show({ kind: 'claimed', claim })} onLocked={flow.goToLock} disabled={flow.busy} />
          </>
        )}
      </div>
    </AppLayout>
  );
}
