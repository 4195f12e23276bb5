import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentAnswer } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useSite } from '../../../lib/site.tsx';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { PaymentFailureDialog } from '../../../components/payment/payment-failure-dialog.tsx';
import { PaymentInstructions } from '../../../components/payment/payment-instructions.tsx';
import { paymentCurrency } from '../../../components/payment/payment-currency.ts';
import { PaymentProofUpload } from '../../../components/payment/payment-proof-upload.tsx';
import { PaymentStatusHero } from '../../../components/payment/payment-status-hero.tsx';
import { PaymentSummary } from '../../../components/payment/payment-summary.tsx';
import { usePayment } from '../api/get-payment.ts';
import '../components/payment-page.css';

const notFoundStatuses = new Set([400, 404, 422]);

function isPaymentNotFound(error: unknown): boolean {
  return error instanceof ApiError && notFoundStatuses.has(error.status);
}

/** Where 'Try again' and 'Start again' go: the subject's own page to pay from, else the card. */
function restartHref(payment: PaymentAnswer, cardId: string): string {
  return payment.subject.type === 'subscription' ? paths.cardSubscribe.href({ cardId }) : paths.cardDetail.href({ cardId });
}

/** Once a payment is paid, the card it was for is read again: its balance or subscription changed. */
function useCardRefreshWhenPaid(cardId: string, payment: PaymentAnswer | undefined): void {
  const queryClient = useQueryClient();
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (payment?.status !== 'paid' || refreshedFor.current === payment.id) return;
    refreshedFor.current = payment.id;
    void queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) });
    void queryClient.invalidateQueries({ queryKey: cardKeys.lists() });
  }, [queryClient, cardId, payment]);
}

function PaymentSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="payment-page__skeleton">
      <Skeleton shape="block" height="132px" />
      <Skeleton shape="circle" width="112px" height="112px" />
      <Skeleton width="60%" height="1.5rem" />
      <Skeleton width="80%" />
    </LoadingRegion>
  );
}

/**
 * '/cards/:cardId/subscribe/payment?payment=<id>': one payment followed live until it settles, its
 * status as the hero with what to do next (spec: app-core §8 subscription payment).
 */
export function PaymentPage() {
  const { cardId = '' } = useParams();
  const [search] = useSearchParams();
  const paymentId = search.get('payment') ?? '';
  const { t } = useTranslation('payments');
  const { merchant } = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = useBackNavigation();
  const headingId = useId();
  const query = usePayment(paymentId);
  const payment = query.data;
  const [failureClosed, setFailureClosed] = useState(false);
  useCardRefreshWhenPaid(cardId, payment);

  if (paymentId === '' || (query.isError && isPaymentNotFound(query.error))) throw new PageNotFoundError(t('page.notFound'));

  const cardHref = paths.cardDetail.href({ cardId });
  const backToCard = (variant: 'primary' | 'secondary') => (
    <ButtonLink to={cardHref} variant={variant} block>
      {t('page.backToCard')}
    </ButtonLink>
  );

  const nextStep = (answer: PaymentAnswer) => {
    switch (answer.status) {
      case 'pending':
        return null;
      case 'waiting_payment':
        return answer.instructions ? (
          <>
            <div className="payment-page__instructions card-surface">
              <PaymentInstructions
                instructions={answer.instructions}
                expiresAt={answer.expiresAt}
                onExpire={() => void query.refetch()}
                returnTo={`${location.pathname}${location.search}`}
                headingLevel={3}
                transferProof={answer.provider === 'manual' ? <PaymentProofUpload paymentId={answer.id} proof={answer.proof} /> : undefined}
              />
            </div>
            {answer.provider === 'sandbox' && answer.instructions.kind !== 'redirect' ? (
              <div className="payment-page__sandbox">
                <ButtonLink variant="secondary" block to={paths.devPayments.href({ paymentId: answer.id }, { return: `${location.pathname}${location.search}` })}>
                  {t('page.sandboxLink')}
                </ButtonLink>
                <p className="muted">{t('page.sandboxHint')}</p>
              </div>
            ) : null}
          </>
        ) : null;
      case 'paid':
        return <div className="payment-page__actions">{backToCard('primary')}</div>;
      case 'failed':
        return (
          <div className="payment-page__actions">
            <ButtonLink to={restartHref(answer, cardId)} block>
              {t('page.tryAgain')}
            </ButtonLink>
            {backToCard('secondary')}
          </div>
        );
      case 'expired':
        return (
          <div className="payment-page__actions">
            <ButtonLink to={restartHref(answer, cardId)} block>
              {t('page.startAgain')}
            </ButtonLink>
            {backToCard('secondary')}
          </div>
        );
      case 'cancelled':
        return <div className="payment-page__actions">{backToCard('primary')}</div>;
    }
  };

  return (
    <AppLayout header={<Header title={t('page.title')} onBack={goBack} />}>
      <div className="payment-page">
        <p className="visually-hidden" role="status">
          {payment ? t(`status.${payment.status}.title`) : ''}
        </p>
        {query.isPending ? <PaymentSkeleton label={t('page.loading')} /> : null}
        {query.isError && !payment ? (
          <div className="payment-page__error" role="alert">
            <p>{describeApiError(query.error) ?? t('page.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('page.retry')}
            </Button>
          </div>
        ) : null}
        {payment ? (
          <>
            <PaymentSummary payment={payment} currency={paymentCurrency(payment.currency, merchant.currency)} />
            <PaymentStatusHero status={payment.status} headingId={headingId}>
              {nextStep(payment)}
            </PaymentStatusHero>
            {payment.status === 'failed' && !failureClosed ? (
              <PaymentFailureDialog
                failureReason={payment.failureReason}
                onTryAgain={() => void navigate(restartHref(payment, cardId))}
                onClose={() => setFailureClosed(true)}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </AppLayout>
  );
}
