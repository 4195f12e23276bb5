import type { PaymentStatus } from '@kartu/contracts';
import { useTranslation } from '../../lib/i18n.tsx';
import { Badge, type BadgeTone } from '../ui/badge.tsx';

const toneOf: Record<PaymentStatus, BadgeTone> = {
  pending: 'neutral',
  waiting_payment: 'brand',
  paid: 'success',
  failed: 'danger',
  expired: 'danger',
  cancelled: 'neutral',
};

/** A payment's status in a pill, coloured by what it means for the member. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('payments');
  return <Badge tone={toneOf[status]}>{t(`statusName.${status}`)}</Badge>;
}
