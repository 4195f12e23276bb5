import type { Currency, GiftCardCharge } from '@kartu/contracts';
import { Amount } from '../../../../components/ui/amount.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { ReceiptIllustration } from '../../../../components/ui/empty-illustrations.tsx';
import { List, ListRow } from '../../../../components/ui/list-row.tsx';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { useDates } from '../../../../lib/use-dates.ts';
import { directionWords } from '../activity/transaction-kind.ts';
import { giftCardPaymentHref, usePageHref } from './use-page-href.ts';

interface GiftCardPaymentsProps {
  cardId: string;
  charges: GiftCardCharge[];
  currency: Currency;
}

/** The gift card's latest payments, newest first, each opening its own page; a voided one says so. */
export function GiftCardPayments({ cardId, charges, currency }: GiftCardPaymentsProps) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const pageHref = usePageHref();
  const words = directionWords(t);
  return (
    <section className="gift-card__payments" aria-labelledby="gift-card-payments-title">
      <h2 id="gift-card-payments-title" className="card-section__title">
        {t('giftCard.payments.title')}
      </h2>
      {charges.length === 0 ? (
        <EmptyState headingLevel={3} illustration={<ReceiptIllustration />} title={t('giftCard.payments.emptyTitle')} message={t('giftCard.payments.emptyMessage')} />
      ) : (
        <List variant="cards" aria-label={t('giftCard.payments.title')}>
          {charges.map((charge) => (
            <li key={charge.id}>
              <ListRow
                to={pageHref(giftCardPaymentHref(cardId, charge.id))}
                className={charge.voidedAt ? 'gift-card-payment gift-card-payment--voided' : 'gift-card-payment'}
                title={charge.outlet.name}
                subtitle={<time dateTime={charge.chargedAt}>{dates.moment(charge.chargedAt)}</time>}
                meta={charge.voidedAt ? t('giftCard.payments.voidedOn', { date: dates.moment(charge.voidedAt) }) : undefined}
                trailing={
                  <span className="gift-card-payment__trailing">
                    <Amount amount={-charge.amount} unit="CASH" currency={currency} signed={words} className="gift-card-payment__amount" />
                    {charge.voidedAt ? <Badge>{t('giftCard.payments.voided')}</Badge> : null}
                  </span>
                }
                chevron
              />
            </li>
          ))}
        </List>
      )}
    </section>
  );
}
