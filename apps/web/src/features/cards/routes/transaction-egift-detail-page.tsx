import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { Redirect } from '../../../lib/redirect.tsx';
import { useGiftCardCharge } from '../api/get-gift-card-charge.ts';
import { ActivityLayout } from '../components/activity/activity-layout.tsx';
import { ListSkeleton, LoadError } from '../components/activity/activity-states.tsx';
import { isCardNotFound } from '../components/card-load-error.tsx';
import { GiftCardPaymentFacts } from '../components/gift-card/gift-card-payment-facts.tsx';
import { usePageHref } from '../components/gift-card/use-page-href.ts';

/**
 * One payment made with a gift card (spec: app-core §2 transaction-egift-detail): v1
 * '/transaction-egift-detail/:transactionId' and '/cards/:cardId/transaction-egift-detail/:transactionId',
 * v2 '/v2/cards/:cardId/transaction-egift-detail/:transactionId?' (without an id, the card's page).
 */
export function TransactionEgiftDetailPage() {
  const { cardId, transactionId = '' } = useParams();
  const { t } = useTranslation('cards');
  const charge = useGiftCardCharge(transactionId);
  const pageHref = usePageHref();
  if (!transactionId) return <Redirect to={pageHref(cardId ? paths.cardDetail.href({ cardId }) : paths.cards.href())} />;

  // Not the member's, or not on the card the address names: the app's 404 page.
  const elsewhere = cardId !== undefined && charge.data !== undefined && charge.data.card.id !== cardId;
  if ((charge.isError && isCardNotFound(charge.error)) || elsewhere) throw new PageNotFoundError(t('giftCard.payment.notFound'));

  return (
    <ActivityLayout title={t('giftCard.payment.title')} programName={charge.data?.card.programName}>
      {charge.isPending ? <ListSkeleton rows={3} label={t('giftCard.payment.loading')} /> : null}
      {charge.isError ? <LoadError error={charge.error} onRetry={() => void charge.refetch()} /> : null}
      {charge.data ? <GiftCardPaymentFacts charge={charge.data} /> : null}
    </ActivityLayout>
  );
}
