import type { BalanceUnit } from '@kartu/contracts';
import { formatAmount } from '../../components/ui/amount.tsx';
import { useSite } from '../../lib/site.tsx';

/** A reward of the program written as the app writes every amount: '100 Pts', '2 Stamps', 'Rp 25.000'. */
export function useRewardAmount(unit: BalanceUnit): (amount: number) => string {
  const { merchant } = useSite();
  return (amount) => formatAmount(amount, unit, merchant.currency);
}
