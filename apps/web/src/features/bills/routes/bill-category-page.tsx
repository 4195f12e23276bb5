import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { BillCategory } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useCard } from '../../../lib/card-detail.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useBillProducts } from '../api/list-bill-products.ts';
import { isBillCategory } from '../bill-kinds.ts';
import { BillCheckout } from '../components/bill-checkout.tsx';
import { BillFormSkeleton } from '../components/bill-skeletons.tsx';
import '../bills.css';

/** The kind's products read, then its form; while they come, the form's skeleton. */
function BillCategoryContent({ cardId, category }: { cardId: string; category: BillCategory }) {
  const { t } = useTranslation('bills');
  const [search] = useSearchParams();
  const card = useCard(cardId);
  const products = useBillProducts(category);
  if (products.data) {
    const initial = { customerNo: search.get('customerNo') ?? '', sku: search.get('sku') };
    return <BillCheckout cardId={cardId} category={category} products={products.data} card={card.data} initial={initial} />;
  }
  if (products.isError) {
    return (
      <div className="bills-refusal" role="alert">
        <p>{describeApiError(products.error) ?? t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void products.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <BillFormSkeleton label={t('loading')} />;
}

/**
 * '/cards/:cardId/bills/:category' (business-rules §2 e-wallet top-up and bill check, §5, §9): one
 * kind's customer number and product, the check of it, and paying it from the card. Query
 * `customerNo` and `sku` fill the form in ('Buy again').
 */
export function BillCategoryPage() {
  const { cardId = '', category } = useParams();
  const { t } = useTranslation('bills');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const card = useCard(cardId);
  if (!isBillCategory(category)) throw new PageNotFoundError(t('notFound'));
  if (!card.data && isNotFound(card.error)) throw new PageNotFoundError(common('errors.CARD_NOT_FOUND'));

  return (
    <AppLayout header={<Header title={t(`kinds.${category}`)} subtitle={card.data?.cardProgram.programName} onBack={() => void navigate(paths.cardBills.href({ cardId }))} />}>
      <div className="bills-page">
        <BillCategoryContent key={category} cardId={cardId} category={category} />
      </div>
    </AppLayout>
  );
}
