import { useId } from 'react';
import { CopyableId } from '../activity/copyable-id.tsx';
import { Link } from 'react-router';
import type { GiftCardChargeDetail } from '@kartu/contracts';
import { formatCardNumber } from '@kartu/core';
import { Amount } from '../../../../components/ui/amount.tsx';
import { paths } from '../../../../config/paths.ts';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { useDates } from '../../../../lib/use-dates.ts';
import { directionWords } from '../activity/transaction-kind.ts';
import { usePageHref } from './use-page-href.ts';

/** One gift card payment as named facts: where, who, how, when, the till's reference, and the card it was on. */
export function GiftCardPaymentFacts({ charge }: { charge: GiftCardChargeDetail }) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const pageHref = usePageHref();
  const headingId = useId();


  return (
    <article className="activity-detail card-surface" aria-labelledby={headingId}>
      <div className="activity-detail__head">
        <h2 id={headingId} className="activity-detail__title">
          {t('giftCard.payment.heading', { outlet: charge.outlet.name })}
        </h2>
        <Amount as="p" className="activity-detail__amount" amount={-charge.amount} unit="CASH" currency={charge.card.currency} signed={directionWords(t)} />
      </div>
      <dl className="activity-facts">
        <dt>{t('giftCard.payment.outlet')}</dt>
        <dd>{charge.outlet.name}</dd>
        {charge.cashier ? (
          <>
            <dt>{t('giftCard.payment.cashier')}</dt>
            <dd>{charge.cashier.name}</dd>
          </>
        ) : null}
        <dt>{t('giftCard.payment.channel')}</dt>
        <dd>{t(`giftCard.payment.channelName.${charge.channel}`)}</dd>
        <dt>{t('activity.detail.when')}</dt>
        <dd>
          <time dateTime={charge.chargedAt}>{dates.moment(charge.chargedAt)}</time>
        </dd>
        {charge.reference ? (
          <>
            <dt>{t('activity.detail.reference')}</dt>
            <dd>{charge.reference}</dd>
          </>
        ) : null}
        <dt>{t('activity.detail.status')}</dt>
        <dd className={charge.voidedAt ? 'activity-status activity-status--reversed' : 'activity-status'}>
          {charge.voidedAt ? t('giftCard.payment.voidedOn', { date: dates.moment(charge.voidedAt) }) : t('giftCard.payment.paid')}
        </dd>
        <dt>{t('giftCard.payment.card')}</dt>
        <dd>
          <Link to={pageHref(paths.cardDetail.href({ cardId: charge.card.id }))}>
            {t('giftCard.payment.cardLink', { program: charge.card.programName, number: formatCardNumber(charge.card.number) })}
          </Link>
        </dd>
        <CopyableId label={t('giftCard.payment.id')} id={charge.id} />
      </dl>
    </article>
  );
}
