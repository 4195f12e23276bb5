import { Fragment, useId } from 'react';
import { Link } from 'react-router';
import { CopyableId } from './copyable-id.tsx';
import { useTranslation } from '../../../../lib/i18n.tsx';
import type { Currency, TransactionDetail } from '@kartu/contracts';
import { Amount, directionOf } from '../../../../components/ui/amount.tsx';
import { TransactionIcon } from './transaction-icon.tsx';
import { directionWords } from './transaction-kind.ts';
import { useTransactionWording } from './transaction-wording.ts';

export type TransactionFactsProps = {
  cardId: string;
  transaction: TransactionDetail;
  currency: Currency;
  locale: string;
  timeZone: string;
};

/** The detail of one movement as a list of named facts; the id can be copied for customer support. */
export function TransactionFacts({ cardId, transaction, currency, locale, timeZone }: TransactionFactsProps) {
  const { t } = useTranslation('cards');
  const headingId = useId();
  const wording = useTransactionWording(cardId)(transaction);
  const direction = directionOf(transaction.amount);
  const dateTime = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'long', timeStyle: 'short' });
  const other = transaction.counterparty;

  return (
    <article className="activity-detail card-surface" aria-labelledby={headingId}>
      <div className="activity-detail__head">
        <TransactionIcon kind={transaction.kind} />
        <h2 id={headingId} className="activity-detail__title">
          {wording.title}
        </h2>
        <Amount as="p" className="activity-detail__amount" amount={transaction.amount} unit={transaction.unit} currency={currency} signed={directionWords(t)} />
      </div>
      <dl className="activity-facts">
        <dt>{t('activity.detail.kind')}</dt>
        <dd>{t(`activity.kindName.${transaction.kind}`)}</dd>
        <dt>{t('activity.detail.when')}</dt>
        <dd>
          <time dateTime={transaction.occurredAt}>{dateTime.format(new Date(transaction.occurredAt))}</time>
        </dd>
        {wording.details.map((detail) => (
          <Fragment key={detail.label}>
            <dt>{detail.label}</dt>
            <dd>{detail.href ? <Link to={detail.href}>{detail.value}</Link> : detail.value}</dd>
          </Fragment>
        ))}
        {other ? (
          <>
            <dt>{t(direction === 'out' ? 'activity.detail.sentTo' : 'activity.detail.receivedFrom')}</dt>
            <dd>{other.name ? `${other.name} · ${other.cardNo}` : other.cardNo}</dd>
          </>
        ) : null}
        <dt>{t('activity.detail.status')}</dt>
        <dd className={`activity-status activity-status--${transaction.status}`}>
          {transaction.status === 'reversed' && transaction.reversedAt
            ? t('activity.detail.reversedOn', { date: dateTime.format(new Date(transaction.reversedAt)) })
            : t(`activity.detail.statusName.${transaction.status}`)}
        </dd>
        <CopyableId label={t('activity.detail.transactionId')} id={transaction.id} />
      </dl>
    </article>
  );
}
