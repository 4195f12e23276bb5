import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useVoucherCount } from '../../../lib/voucher-count.ts';

/** The wallet's way to the member's e-vouchers, with how many are usable (my-vouchers-count; 0 when it fails). */
export function VoucherCountLink() {
  const { t } = useTranslation('cards');
  // The link is drawn at once and its badge grows to its right when the count comes, so nothing moves.
  const { data: count = 0 } = useVoucherCount();
  return (
    <Link className="card-list__vouchers" to={paths.egifts.href()} aria-label={count > 0 ? t('list.myVouchersCount', { count }) : undefined}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M15 8v8" stroke="currentColor" strokeWidth="2" strokeDasharray="2 2" />
      </svg>
      <span>{t('list.myVouchers')}</span>
      {count > 0 ? <Badge tone="brand">{count > 99 ? '99+' : count}</Badge> : null}
    </Link>
  );
}
