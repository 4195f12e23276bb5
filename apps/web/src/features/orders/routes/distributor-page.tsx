import { useParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useDistributor } from '../api/get-distributor.ts';
import { ShopLoadError } from '../../../components/shop/shop-states.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import '../../../components/shop/shop.css';
import '../orders.css';

/** '/cards/:cardId/distributors/:distributorId': one pickup point: its address, phone and opening hours. */
export function DistributorPage() {
  const { cardId = '', distributorId = '' } = useParams();
  const { t } = useTranslation('shop');
  const { t: common } = useTranslation();
  const goBack = useBackNavigation();
  const distributor = useDistributor(cardId, distributorId);
  if (distributor.isError && isNotFound(distributor.error)) throw new PageNotFoundError(common('errors.DISTRIBUTOR_NOT_FOUND'));

  const content = () => {
    if (distributor.isError) return <ShopLoadError reads={[distributor]} />;
    if (!distributor.data) {
      return (
        <LoadingRegion label={t('distributors.loading')} className="cart-page__skeleton">
          <Skeleton shape="block" height="8rem" />
        </LoadingRegion>
      );
    }
    const { address, phone, openingHours } = distributor.data;
    return (
      <dl className="order-facts card-surface">
        <div className="order-facts__row order-facts__row--block">
          <dt>{t('distributors.address')}</dt>
          <dd>{address}</dd>
        </div>
        {phone ? (
          <div className="order-facts__row order-facts__row--block">
            <dt>{t('distributors.phone')}</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </dd>
          </div>
        ) : null}
        {openingHours ? (
          <div className="order-facts__row order-facts__row--block">
            <dt>{t('distributors.openingHours')}</dt>
            <dd className="distributor__hours">{openingHours}</dd>
          </div>
        ) : null}
      </dl>
    );
  };

  return (
    <AppLayout header={<Header title={distributor.data?.name ?? t('distributors.one')} onBack={goBack} />}>
      <div className="shop-page">{content()}</div>
    </AppLayout>
  );
}
