import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { BillStatus } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useBillPayment } from '../api/get-bill-payment.ts';
import { BillPaymentOutcome } from '../components/bill-payment-outcome.tsx';
import { BillPaymentSkeleton } from '../components/bill-skeletons.tsx';
import '../bills.css';

/** A payment that settles while the page follows it changed the card: a failure gave its points back. */
function useCardReadAgainOnSettling(cardId: string, status: BillStatus | undefined) {
  const queryClient = useQueryClient();
  const before = useRef(status);
  useEffect(() => {
    if (before.current === 'pending' && status !== undefined && status !== 'pending') void queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) });
    before.current = status;
  }, [cardId, status, queryClient]);
}

/**
 * '/cards/:cardId/bills/payments/:billId': a bill payment's outcome, followed while the biller
 * processes it (read again every few seconds until it settles), then its token or serial number,
 * or what the card got back. 'Done' leads to the card, 'Buy again' to the same kind's form.
 */
export function BillPaymentPage() {
  const { cardId = '', billId = '' } = useParams();
  const { t } = useTranslation('bills');
  const navigate = useNavigate();
  const query = useBillPayment(cardId, billId);
  const payment = query.data;
  useCardReadAgainOnSettling(cardId, payment?.status);
  if (!payment && isNotFound(query.error)) throw new PageNotFoundError(t('payment.notFound'));

  return (
    <AppLayout header={<Header title={t('payment.title')} onBack={() => void navigate(paths.cardBills.href({ cardId }))} />}>
      <div className="bills-page">
        {/* Said when the payment is found, and again as it settles. */}
        <p className="visually-hidden" role="status">
          {payment ? t(`payment.${payment.status}.title`) : ''}
        </p>
        {payment ? (
          // A new status is drawn anew: its heading takes focus.
          <BillPaymentOutcome key={payment.status} payment={payment} />
        ) : query.isError ? (
          <div className="bills-refusal" role="alert">
            <p>{describeApiError(query.error) ?? t('loadFailed')}</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <BillPaymentSkeleton label={t('payment.loading')} />
        )}
      </div>
    </AppLayout>
  );
}
