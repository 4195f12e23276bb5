import { useTranslation } from '../../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { Currency, Transaction } from '@kartu/contracts';
import { paths } from '../../../../config/paths.ts';
import { directionOf, formatSignedAmount } from './amount.ts';
import { TransactionIcon } from './transaction-icon.tsx';
import { transactionSubtitle, transactionTitle } from './transaction-kind.ts';

export type TransactionRowProps = {
  cardId: string;
  transaction: Transaction;
  currency: Currency;
  /** Formats the time of day in the member's language and zone. */
  timeOf: (occurredAt: string) => string;
};

/** One history line: what happened, to whom or for what, when, and the amount in or out. Tap for the detail. */
export function TransactionRow({ cardId, transaction, currency, timeOf }: TransactionRowProps) {
  const { t } = useTranslation('cards');
  const title = transactionTitle(transaction);
  const subtitle = transactionSubtitle(transaction);
  const direction = directionOf(transaction.amount);
  return (
    <li>
      <Link className="activity-row" to={paths.cardTransactionDetail.href({ cardId, transactionId: transaction.id })}>
        <TransactionIcon kind={transaction.kind} />
        <span className="activity-row__text">
          <span className="activity-row__title">{t(title.key, title.values)}</span>
          {subtitle ? <span className="activity-row__subtitle muted">{subtitle}</span> : null}
          <span className="activity-row__time muted">{timeOf(transaction.occurredAt)}</span>
        </span>
        <span className={`activity-amount activity-amount--${direction}`}>
          <span className="visually-hidden">{t(`activity.direction.${direction}`)} </span>
          {formatSignedAmount(transaction.amount, transaction.unit, currency)}
        </span>
      </Link>
    </li>
  );
}
