import type { BalanceUnit, Currency, Receipt, ReceiptStatus } from '@kartu/contracts';
import { formatCurrency, formatNumber } from '@kartu/core';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';

const toneOf: Record<ReceiptStatus, BadgeTone> = { submitted: 'neutral', approved: 'success', rejected: 'danger' };

/** A bare number before the catalogue's words for points and stamps; money in the merchant's currency. */
function sentenceAmount(amount: number, unit: BalanceUnit, currency: Currency): string {
  return unit === 'CASH' ? formatCurrency(amount, currency) : formatNumber(amount, { thousandSeparator: currency.thousandSeparator });
}

/** In review, Approved with what the card earned in the program's unit, or Not approved. */
export function ReceiptStatusBadge({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('receipts');
  const { currency } = useSite().merchant;
  const { status, earned, unit } = receipt;
  const text =
    status === 'approved' && earned !== null
      ? t('status.approvedEarned', { context: unit, count: earned, amount: sentenceAmount(earned, unit, currency) })
      : t(`status.${status}`);
  return <Badge tone={toneOf[status]}>{text}</Badge>;
}
