import { formatAmount } from '../../../components/ui/amount.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';
import type { CardPaySource } from '../qris-rules.ts';
import { useRupiah } from './use-rupiah.ts';

export interface CardSpend {
  /** An amount in the card's unit: rupiah from its balance, or points ('1.250 Pts') grouped as the merchant groups numbers. */
  format: (amount: number, source: CardPaySource) => string;
  /** What pays from the card, with what it spends when known: 'Points · 251 Pts', 'Card balance · Rp 25.000'. */
  paidWith: (source: CardPaySource, spent: number | null) => string;
}

/** What a QRIS takes from the card, as the confirmation and the summary write it. */
export function useCardSpend(): CardSpend {
  const { t } = useTranslation('qris');
  const { merchant } = useSite();
  const rupiah = useRupiah();
  const format = (amount: number, source: CardPaySource) => (source === 'points' ? formatAmount(amount, 'POINT', merchant.currency) : rupiah.format(amount));
  return {
    format,
    paidWith: (source, spent) => (spent === null ? t(`payWith.${source}`) : `${t(`payWith.${source}`)} · ${format(spent, source)}`),
  };
}
