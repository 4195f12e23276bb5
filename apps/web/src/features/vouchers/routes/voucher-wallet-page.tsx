import { useParams, useSearchParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { paths } from '../../../config/paths.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useCard } from '../../../lib/card-detail.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { voucherViews, type VoucherView } from '../../../lib/voucher-keys.ts';
import { VoucherWallet } from '../components/voucher-wallet.tsx';
import '../../../components/voucher/voucher.css';
import '../vouchers.css';

function viewOf(value: string | null): VoucherView {
  return voucherViews.find((view) => view === value) ?? 'active';
}

/** The view is kept in the address (`?view=history`), so back and a reload return to it. */
function useWalletView(): [VoucherView, (view: VoucherView) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const change = (next: VoucherView) => setSearchParams(next === 'active' ? {} : { view: next }, { replace: true });
  return [viewOf(searchParams.get('view')), change];
}

/** '/egifts': every voucher the member holds, whatever card it came with (spec: app-core §2 /egifts). */
export function VoucherWalletPage() {
  const { t } = useTranslation('cards');
  const goBack = useBackNavigation();
  const [view, setView] = useWalletView();
  return (
    <AppLayout header={<Header title={t('vouchers.title')} onBack={goBack} />}>
      <div className="voucher-page">
        <VoucherWallet view={view} onViewChange={setView} cardId={null} shopHref={null} />
      </div>
    </AppLayout>
  );
}

/** '/cards/:cardId/vouchers' and '/cards/:cardId/egifts': the vouchers of one card, with its shop to get more. */
export function CardVoucherWalletPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('cards');
  const goBack = useBackNavigation();
  const [view, setView] = useWalletView();
  const { data: card } = useCard(cardId);
  const shopHref = card?.isCardActive && card.visualAttributes.showBtnShop === true ? paths.cardCatalogs.href({ cardId }) : null;
  return (
    <AppLayout header={<Header title={t('vouchers.title')} subtitle={card?.cardProgram.programName} onBack={goBack} />}>
      <div className="voucher-page">
        <VoucherWallet view={view} onViewChange={setView} cardId={cardId} shopHref={shopHref} />
      </div>
    </AppLayout>
  );
}
