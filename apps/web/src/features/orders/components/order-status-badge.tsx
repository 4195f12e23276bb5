import type { OrderStatus, OrderStatusColour } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';

/**
 * An order's status in a pill of its colour class (spec app-core §3). The colours are the app's own
 * semantic ones, never the merchant's, so every class keeps AA contrast under any brand.
 */
export function OrderStatusBadge({ status, colour }: { status: OrderStatus; colour: OrderStatusColour }) {
  const { t } = useTranslation('shop');
  return <span className={`order-status order-status--${colour}`}>{t(`orderStatus.${status}`)}</span>;
}
