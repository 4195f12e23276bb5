import { useTranslation } from '../../../../lib/i18n.tsx';
import type { Currency, Transaction } from '@kartu/contracts';
import { paths } from '../../../../config/paths.ts';
import { Amount } from '../../../../components/ui/amount.tsx';
import { ListRow } from '../../../../components/ui/list-row.tsx';
import { TransactionIcon } from './transaction-icon.tsx';
import { directionWords } from './transaction-kind.ts';
import type { TransactionWording } from './transaction-wording.ts';

export type TransactionRowProps = {
  cardId: string;
  transaction: Transaction;
  /** What it says in the member's language (useTransactionWording). */
  wording: TransactionWording;
  currency: Currency;
  /** Formats the time of day in the member's language and zone. */
  timeOf: (occurredAt: string) => string;
};

/** One history line: what happened, to whom or for what, when, and the amount in or out. Tap for the detail. */
export function TransactionRow({ cardId, transaction, wording, currency, timeOf }: TransactionRowProps) {
  const { t } = useTranslation('cards');
  return (
    <li>
      <ListRow
        to={paths.cardTransactionDetail.href({ cardId, transactionId: transaction.id })}
        leading={<TransactionIcon kind={transaction.kind} />}
        className="activity-row"
        title={wording.title}
        subtitle={wording.subtitle}
        meta={timeOf(transaction.occurredAt)}
        trailing={<Amount amount={transaction.amount} unit={transaction.unit} currency={currency} signed={directionWords(t)} />}
      />
    </li>
  );
}
