import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useCard } from '../../../lib/card-detail.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { QrisCheckout } from '../components/qris-checkout.tsx';
import { QrisPaymentView } from '../components/qris-payment-view.tsx';
import { QrisSkeleton } from '../components/qris-skeleton.tsx';
import { QrisSteps, StepHeading } from '../components/step-heading.tsx';
import { useQrisToPay } from '../use-qris-to-pay.ts';
import '../qris.css';

/** A QRIS to pay from this card: the scanner's, or the one the address names; else the way to scan one. */
function QrisToPayFlow({ cardId, payload }: { cardId: string; payload: string }) {
  const { t } = useTranslation('qris');
  const card = useCard(cardId);
  const toPay = useQrisToPay(cardId, payload);
  const refusedId = useId();
  const scan = (
    <ButtonLink to={paths.qrcodeScanner.href({ cardId })} block>
      {toPay.kind === 'none' ? t('none.scan') : t('refused.scanAgain')}
    </ButtonLink>
  );
  switch (toPay.kind) {
    case 'reading':
      return <QrisSkeleton label={t('reading')} />;
    case 'none':
      return <EmptyState title={t('none.title')} message={t('none.message')} action={scan} />;
    case 'refused':
      return (
        <section className="qris-step" aria-labelledby={refusedId}>
          <StepHeading id={refusedId}>{t('refused.title')}</StepHeading>
          <p className="field__error" role="alert">
            {toPay.message}
          </p>
          {scan}
        </section>
      );
    case 'ready':
      return <QrisCheckout cardId={cardId} card={card.data} qris={toPay.qris} />;
  }
}

/**
 * '/cards/:cardId/scan-qris' (business-rules §1 pay by scanning QRIS, §2 Scan QRIS): a QRIS read by
 * the scanner paid from the member's linked e-wallet, or the card's points or rupiah balance. Query
 * `qris`: the code; `payment`: a payment made here, followed until it settles (the provider's page
 * returns here).
 */
export function ScanQrisPage() {
  const { cardId = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('qris');
  const { t: common } = useTranslation();
  const goBack = useBackNavigation();
  const card = useCard(cardId);
  const paymentId = search.get('payment') ?? '';
  const payload = search.get('qris') ?? '';
  if (!card.data && isNotFound(card.error)) throw new PageNotFoundError(common('errors.CARD_NOT_FOUND'));

  return (
    <AppLayout header={<Header title={t('title')} subtitle={card.data?.cardProgram.programName} onBack={goBack} />}>
      <div className="qris-page">
        <QrisSteps>{paymentId ? <QrisPaymentView cardId={cardId} paymentId={paymentId} qrisPayload={payload} /> : <QrisToPayFlow cardId={cardId} payload={payload} />}</QrisSteps>
      </div>
    </AppLayout>
  );
}
