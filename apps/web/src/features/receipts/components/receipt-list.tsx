import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Receipt } from '@kartu/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { ReceiptIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { ReceiptStatusBadge } from './receipt-status-badge.tsx';

/** 'My receipts': the card's receipts, newest first, each with its day, its campaign and where its review stands. */
export function ReceiptList({ receipts }: { receipts: UseQueryResult<Receipt[]> }) {
  const { t } = useTranslation('receipts');
  const headingId = useId();
  return (
    <section className="receipt-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="receipt-history__title">
        {t('list.title')}
      </h2>
      {receipts.data ? (
        <ReceiptEntries receipts={receipts.data} />
      ) : receipts.isError ? (
        <div role="alert" className="receipt-history__error">
          <p>{describeApiError(receipts.error) ?? t('list.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void receipts.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : (
        <LoadingRegion label={t('list.loading')} className="receipt-history__list">
          <Skeleton shape="block" height="5.5rem" />
          <Skeleton shape="block" height="5.5rem" />
        </LoadingRegion>
      )}
    </section>
  );
}

function ReceiptEntries({ receipts }: { receipts: readonly Receipt[] }) {
  const { t } = useTranslation('receipts');
  const dates = useDates();
  if (receipts.length === 0) return <EmptyState illustration={<ReceiptIllustration />} title={t('list.emptyTitle')} message={t('list.emptyMessage')} headingLevel={3} />;
  return (
    <ul className="receipt-history__list">
      {receipts.map((receipt) => (
        <li key={receipt.id}>
          <article className="receipt-entry">
            <div className="receipt-entry__head">
              <h3 className="receipt-entry__name">{receipt.campaign?.name ?? t('list.receipt')}</h3>
              <ReceiptStatusBadge receipt={receipt} />
            </div>
            <p className="receipt-entry__when">
              <time dateTime={receipt.submittedAt}>{t('list.sentOn', { date: dates.day(receipt.submittedAt) })}</time>
            </p>
            {receipt.status === 'submitted' ? <p className="receipt-entry__when">{t('list.inReview')}</p> : null}
            {receipt.status === 'rejected' && receipt.note ? <p className="receipt-entry__note">{t('list.note', { note: receipt.note })}</p> : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
