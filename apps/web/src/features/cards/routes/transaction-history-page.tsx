import { useTranslation } from '../../../lib/i18n.tsx';
import { useParams } from 'react-router';
import { useTransactions } from '../api/get-transactions.ts';
import { resolveTimezone } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';
import { ActivityLayout } from '../components/activity/activity-layout.tsx';
import { ListSkeleton, LoadError } from '../components/activity/activity-states.tsx';
import { TransactionDays } from '../components/activity/transaction-days.tsx';
import { useActivityCard } from '../components/activity/use-activity-card.ts';
import { useLoadMoreOnView } from '../components/activity/use-load-more-on-view.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ReceiptIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** '/cards/:cardId/transaction-history': every movement on the card, newest first, page by page. */
export function TransactionHistoryPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('cards');
  const { intlLocale } = useLanguage();
  const { merchant } = useSite();
  const { card, loadError } = useActivityCard(cardId, 'transaction-history');
  const history = useTransactions(cardId);
  const transactions = history.data?.pages.flatMap((page) => page.data) ?? [];
  const canLoadMore = history.hasNextPage && !history.isFetchingNextPage;
  const loadMore = () => {
    if (canLoadMore) void history.fetchNextPage();
  };
  const sentinelRef = useLoadMoreOnView<HTMLDivElement>(loadMore, canLoadMore && !history.isFetchNextPageError);

  return (
    <ActivityLayout title={t('activity.history.title')} programName={card?.cardProgram.programName} cardError={loadError}>
      {history.isPending ? <ListSkeleton label={t('activity.loading')} /> : null}
      {history.isError && transactions.length === 0 ? <LoadError error={history.error} onRetry={() => void history.refetch()} /> : null}
      {history.isSuccess && transactions.length === 0 ? (
        <EmptyState illustration={<ReceiptIllustration />} title={t('activity.history.emptyTitle')} message={t('activity.history.emptyMessage')} />
      ) : null}
      {transactions.length > 0 ? (
        <TransactionDays
          cardId={cardId}
          transactions={transactions}
          currency={card?.currency ?? merchant.currency}
          locale={intlLocale}
          timeZone={resolveTimezone()}
        />
      ) : null}
      {history.isFetchNextPageError ? <LoadError error={history.error} onRetry={() => void history.fetchNextPage()} /> : null}
      {history.hasNextPage && !history.isFetchNextPageError ? (
        <div ref={sentinelRef} className="activity-more">
          <Button variant="secondary" onClick={loadMore} disabled={!canLoadMore} loading={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? t('activity.loading') : t('activity.history.loadMore')}
          </Button>
        </div>
      ) : null}
    </ActivityLayout>
  );
}
