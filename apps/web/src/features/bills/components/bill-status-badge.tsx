import type { BillPayment, BillStatus } from '@kartu/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

const toneOf: Record<BillStatus, BadgeTone> = { pending: 'neutral', success: 'success', failed: 'danger' };

/** Processing, Successful, or Failed with what the card got back in its unit. */
export function BillStatusBadge({ payment }: { payment: Pick<BillPayment, 'status' | 'unit'> }) {
  const { t } = useTranslation('bills');
  return <Badge tone={toneOf[payment.status]}>{t(`status.${payment.status}`, { context: payment.unit })}</Badge>;
}
