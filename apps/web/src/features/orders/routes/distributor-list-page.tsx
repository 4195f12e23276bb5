import { Link, useParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { MapPinIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useDistributors } from '../api/get-distributors.ts';
import { ShopLoadError } from '../../../components/shop/shop-states.tsx';
import { useShopCard } from '../../../components/shop/use-shop-card.ts';
import '../../../components/shop/shop.css';
import '../orders.css';

/** '/cards/:cardId/distributors': the program's pickup points, each opening its page. */
export function DistributorListPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('shop');
  const goBack = useBackNavigation();
  const { card } = useShopCard(cardId);
  const distributors = useDistributors(cardId);

  const content = () => {
    if (card.isError || distributors.isError) return <ShopLoadError reads={[card, distributors]} />;
    if (!distributors.data) {
      return (
        <LoadingRegion label={t('distributors.loading')} className="cart-page__skeleton">
          <Skeleton shape="block" height="4rem" />
          <Skeleton shape="block" height="4rem" />
        </LoadingRegion>
      );
    }
    if (distributors.data.length === 0) {
      return <EmptyState illustration={<MapPinIllustration />} title={t('distributors.empty.title')} message={t('distributors.empty.message')} />;
    }
    return (
      <ul className="order-list" aria-label={t('distributors.title')}>
        {distributors.data.map((distributor) => (
          <li key={distributor.id}>
            <Link className="order-row order-row--plain" to={paths.cardDistributor.href({ cardId, distributorId: distributor.id })}>
              <span className="order-row__text">
                <span className="order-row__name">{distributor.name}</span>
                <span className="order-row__meta">{distributor.address}</span>
                {distributor.openingHours ? <span className="order-row__meta">{distributor.openingHours}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <AppLayout header={<Header title={t('distributors.title')} subtitle={card.data?.cardProgram.programName} onBack={goBack} />}>
      <div className="shop-page">{content()}</div>
    </AppLayout>
  );
}
