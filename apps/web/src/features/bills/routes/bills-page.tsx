import { useNavigate, useParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { paths } from '../../../config/paths.ts';
import { useCard } from '../../../lib/card-detail.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useBillPayments } from '../api/list-bill-payments.ts';
import { BillKindTiles } from '../components/bill-kind-tiles.tsx';
import { RecentBillPayments } from '../components/recent-bill-payments.tsx';
import '../bills.css';

/**
 * '/cards/:cardId/bills' (business-rules §1 buy prepaid and bill services, §2 e-wallet top-up and
 * bill check): the kinds the card pays as tiles, and under 'Recent' its latest payments.
 */
export function BillsPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('bills');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const card = useCard(cardId);
  const payments = useBillPayments(cardId);
  if ((!card.data && isNotFound(card.error)) || (!payments.data && isNotFound(payments.error))) throw new PageNotFoundError(common('errors.CARD_NOT_FOUND'));

  return (
    <AppLayout header={<Header title={t('title')} subtitle={card.data?.cardProgram.programName} onBack={() => void navigate(paths.cardDetail.href({ cardId }))} />}>
      <div className="bills-page">
        <BillKindTiles cardId={cardId} />
        <RecentBillPayments payments={payments} />
      </div>
    </AppLayout>
  );
}
