import type { Order } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';

/** Every status the order has had, newest first, with when and the merchant's note. */
export function OrderTimeline({ history, format, headingId }: { history: Order['history']; format: ShopFormat; headingId: string }) {
  const { t } = useTranslation('shop');
  const events = [...history].reverse();
  return (
    <ol className="order-timeline" aria-labelledby={headingId}>
      {events.map((event, index) => (
        <li key={`${event.status}-${event.at}`} className={index === 0 ? 'order-timeline__event order-timeline__event--current' : 'order-timeline__event'}>
          <span className="order-timeline__status">{t(`orderStatus.${event.status}`)}</span>
          <time className="order-timeline__time" dateTime={event.at}>
            {format.dateTime(event.at)}
          </time>
          {event.note ? <span className="order-timeline__note">{event.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}
