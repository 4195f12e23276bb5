import { useId, useMemo } from 'react';
import { useTranslation } from '../../../../lib/i18n.tsx';
import type { Currency, Transaction } from '@kartu/contracts';
import { groupByDay, nameDay } from './day-groups.ts';
import { TransactionRow } from './transaction-row.tsx';
import { useTransactionWording } from './transaction-wording.ts';
import { List } from '../../../../components/ui/list-row.tsx';

export type TransactionDaysProps = {
  cardId: string;
  transactions: readonly Transaction[];
  currency: Currency;
  locale: string;
  timeZone: string;
};

/** The history as one titled section per day, newest first, in the member's language and time zone. */
export function TransactionDays({ cardId, transactions, currency, locale, timeZone }: TransactionDaysProps) {
  const { t } = useTranslation('cards');
  const idPrefix = useId();
  const wordingOf = useTransactionWording(cardId);
  const groups = useMemo(() => groupByDay(transactions, timeZone), [transactions, timeZone]);
  const timeOf = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' });
    return (occurredAt: string) => format.format(new Date(occurredAt));
  }, [locale, timeZone]);

  return (
    <div className="activity-days">
      {groups.map((group) => {
        const name = nameDay(group.day, { locale, timeZone });
        const headingId = `${idPrefix}-${group.day}`;
        return (
          <section key={group.day} className="activity-day" aria-labelledby={headingId}>
            <h2 id={headingId} className="activity-day__title">
              {name.kind === 'date' ? name.text : t(`activity.history.${name.kind}`)}
            </h2>
            <List variant="cards">
              {group.transactions.map((transaction) => (
                <TransactionRow key={transaction.id} cardId={cardId} transaction={transaction} wording={wordingOf(transaction)} currency={currency} timeOf={timeOf} />
              ))}
            </List>
          </section>
        );
      })}
    </div>
  );
}
