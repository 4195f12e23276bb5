import type { VoucherStatus } from '@kartu/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

const tones: Record<VoucherStatus, BadgeTone> = {
  pending: 'neutral',
  active: 'success',
  used: 'brand',
  expired: 'neutral',
  suspended: 'danger',
};

/** A voucher's status in words and colour: active, used, expired, suspended, or being prepared. */
export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  const { t } = useTranslation('cards');
  return <Badge tone={tones[status]}>{t(`vouchers.status.${status}`)}</Badge>;
}
