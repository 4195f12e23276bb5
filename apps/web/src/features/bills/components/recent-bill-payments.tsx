import { useId } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { BillPayment } from '@kartu/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { ReceiptIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { BillStatusBadge } from './bill-status-badge.tsx';
import { useBillMoney } from './use-bill-money.ts';

/** 'Recent': the card's latest bills and top-ups, each opening its payment's page. */
export function RecentBillPayments({ payments }: { payments: UseQueryResult<BillPayment[]> }) {
  const { t } = useTranslation('bills');
  const headingId = useId();
  return (
    <section className="bill-recent" aria-labelledby={headingId}>
      <h2 id={headingId} className="bills-section__title">
        {t('recent.title')}
      </h2>
      {payments.data ? (
        <RecentEntries payments={payments.data} />
      ) : payments.isError ? (
        <div role="alert" className="bills-refusal">
          <p>{describeApiError(payments.error) ?? t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void payments.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <LoadingRegion label={t('recent.loading')} className="bill-recent__loading">
          <Skeleton shape="block" height="4rem" />
          <Skeleton shape="block" height="4rem" />
        </LoadingRegion>
      )}
    </section>
  );
}

function RecentEntries({ payments }: { payments: readonly BillPayment[] }) {
  const { t } = useTranslation('bills');
  const dates = useDates();
  const money = useBillMoney();
  if (payments.length === 0) return <EmptyState illustration={<ReceiptIllustration />} title={t('recent.emptyTitle')} message={t('recent.emptyMessage')} headingLevel={3} />;
  return (
    <ul className="bill-recent__list" aria-label={t('recent.title')}>
      {payments.map((payment) => (
        <li key={payment.id}>
          <Link className="bill-entry" to={paths.cardBillPayment.href({ cardId: payment.cardId, billId: payment.id })}>
            <span className="bill-entry__head">
              <span className="bill-entry__name">{payment.productName}</span>
              <span className="bill-entry__amount">{money.rupiah(payment.amount)}</span>
            </span>
            <span className="bill-entry__customer">{payment.customerName ? `${payment.customerNo} · ${payment.customerName}` : payment.customerNo}</span>
            <span className="bill-entry__foot">
              <BillStatusBadge payment={payment} />
              <time className="bill-entry__when" dateTime={payment.createdAt}>
                {dates.moment(payment.createdAt)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
