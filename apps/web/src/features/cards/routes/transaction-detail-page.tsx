import { useTranslation } from '../../../lib/i18n.tsx';
import { useParams } from 'react-router';
import { useTransaction } from '../api/get-transaction.ts';
import { ApiError, resolveTimezone } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useSite } from '../../../lib/site.tsx';
import { ActivityLayout } from '../components/activity/activity-layout.tsx';
import { ListSkeleton, LoadError } from '../components/activity/activity-states.tsx';
import { TransactionFacts } from '../components/activity/transaction-facts.tsx';
import { isCardNotFound } from '../components/card-load-error.tsx';
import { useActivityCard } from '../components/activity/use-activity-card.ts';

/** '/cards/:cardId/transaction-detail/:transactionId': one movement in full, with its id to copy. */
export function TransactionDetailPage() {
  const { cardId = '', transactionId = '' } = useParams();
  const { t } = useTranslation('cards');
  const { intlLocale } = useLanguage();
  const { merchant } = useSite();
  const { card, loadError } = useActivityCard(cardId, 'transaction-history');
  const detail = useTransaction(cardId, transactionId);

  // Another member's card reads 'Card not found' like the card page; a movement not on this card, its own message.
  const cardMissing = detail.error instanceof ApiError && detail.error.code === 'CARD_NOT_FOUND';
  if (detail.isError && !cardMissing && isCardNotFound(detail.error)) throw new PageNotFoundError(t('activity.detail.notFound'));

  return (
    <ActivityLayout title={t('activity.detail.title')} programName={card?.cardProgram.programName} cardError={loadError ?? (cardMissing ? detail.error : null)}>
      {detail.isPending ? <ListSkeleton rows={3} label={t('activity.loading')} /> : null}
      {detail.isError && !cardMissing ? <LoadError error={detail.error} onRetry={() => void detail.refetch()} /> : null}
      {detail.data ? (
        <TransactionFacts
          cardId={cardId}
          transaction={detail.data}
          currency={card?.currency ?? merchant.currency}
          locale={intlLocale}
          timeZone={resolveTimezone()}
        />
      ) : null}
    </ActivityLayout>
  );
}
