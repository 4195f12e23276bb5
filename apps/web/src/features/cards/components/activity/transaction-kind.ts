import type { Transaction, TransactionKind } from '@kartu/contracts';
import type { DirectionWords } from '../../../../components/ui/amount.tsx';
import type { TFunction } from '../../../../lib/i18n.tsx';

/** Catalogue key (namespace `cards`) of each kind's title; transfers name the other member. */
const titleKeys: Record<TransactionKind, string> = {
  earn: 'activity.kind.earn',
  reward: 'activity.kind.reward',
  redeem: 'activity.kind.redeem',
  'transfer-in': 'activity.kind.transferIn',
  'transfer-out': 'activity.kind.transferOut',
  expiry: 'activity.kind.expiry',
  reversal: 'activity.kind.reversal',
  adjustment: 'activity.kind.adjustment',
};

export type TitleText = { key: string; values?: Record<string, string> };

/** The other side of a transfer: their first name when shared, else their masked card number. */
export function counterpartyName(transaction: Pick<Transaction, 'counterparty'>): string | null {
  const other = transaction.counterparty;
  if (!other) return null;
  return other.name ?? other.cardNo;
}

export function transactionTitle(transaction: Pick<Transaction, 'kind' | 'counterparty'>): TitleText {
  const key = titleKeys[transaction.kind];
  if (transaction.kind !== 'transfer-in' && transaction.kind !== 'transfer-out') return { key };
  const name = counterpartyName(transaction);
  return name === null ? { key: `${key}Unknown` } : { key, values: { name } };
}

/** The line under the title: the entry's description, else its reference (a purchase's bill number). */
export function transactionSubtitle(transaction: Pick<Transaction, 'description' | 'reference'>): string | null {
  return transaction.description ?? transaction.reference;
}

/** What a screen reader hears before a history amount: 'Received', 'Spent' or 'No change'. */
export function directionWords(t: TFunction): DirectionWords {
  return { in: t('activity.direction.in'), out: t('activity.direction.out'), none: t('activity.direction.none') };
}
