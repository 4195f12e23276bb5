import { Link } from 'react-router';
import type { Order } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';

/** Where the order goes and how: the destination as it was when placed, or the pickup point. */
export function OrderDelivery({ cardId, delivery }: { cardId: string; delivery: Order['delivery'] }) {
  const { t } = useTranslation('shop');
  const { destination, distributor } = delivery;
  return (
    <dl className="order-facts">
      <div className="order-facts__row">
        <dt>{t('order.deliveryMethod')}</dt>
        <dd>{t(`delivery.methods.${delivery.method}`)}</dd>
      </div>
      {destination ? (
        <div className="order-facts__row order-facts__row--block">
          <dt>{t('order.destination')}</dt>
          <dd>
            <span className="order-facts__strong">
              {destination.recipientName} · {destination.recipientPhone}
            </span>
            <span>{destination.fullAddress}</span>
            {destination.note ? <span className="muted">{destination.note}</span> : null}
          </dd>
        </div>
      ) : null}
      {distributor ? (
        <div className="order-facts__row order-facts__row--block">
          <dt>{t('order.pickupAt')}</dt>
          <dd>
            <Link className="order-facts__strong" to={paths.cardDistributor.href({ cardId, distributorId: distributor.id })}>
              {distributor.name}
            </Link>
            <span>{distributor.address}</span>
          </dd>
        </div>
      ) : null}
      {delivery.courier ? (
        <div className="order-facts__row">
          <dt>{t('track.courier')}</dt>
          <dd>{delivery.courier}</dd>
        </div>
      ) : null}
    </dl>
  );
}
