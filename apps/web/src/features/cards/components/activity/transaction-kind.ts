import type { Transaction } from '@kartu/contracts';
import type { DirectionWords } from '../../../../components/ui/amount.tsx';
import type { TFunction } from '../../../../lib/i18n.tsx';

/** The other side of a transfer: their first name when shared, else their masked card number. */
export function counterpartyName(transaction: Pick<Transaction, 'counterparty'>): string | null {
  const other = transaction.counterparty;
  if (!other) return null;
  return other.name ?? other.cardNo;
}

/** What a screen reader hears before a history amount: 'Received', 'Spent' or 'No change'. */
export function directionWords(t: TFunction): DirectionWords {
  return { in: t('activity.direction.in'), out: t('activity.direction.out'), none: t('activity.direction.none') };
}
