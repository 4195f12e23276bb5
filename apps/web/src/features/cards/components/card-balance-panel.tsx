import { useTranslation } from '../../../lib/i18n.tsx';
import type { CardDetail } from '@kartu/contracts';
import { useLanguage } from '../../../lib/i18n.tsx';
import { formatCardBalance } from '../card-balance.ts';

/** The balance in the program's unit, and the soonest lot about to expire (spec: app-core §3 Currency). */
export function CardBalancePanel({ card }: { card: Pick<CardDetail, 'balance' | 'currency' | 'isCardActive' | 'status'> }) {
  const { t } = useTranslation('cards');
  const { intlLocale } = useLanguage();
  const soonest = card.balance.expiring[0];
  const date = (iso: string) => new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <section className="card-balance" aria-labelledby="card-balance-title">
      <h2 id="card-balance-title" className="card-balance__label">
        {t(`detail.balanceLabel.${card.balance.unit}`)}
      </h2>
      <p className="card-balance__amount">{formatCardBalance(card.balance, card.currency)}</p>
      {soonest ? (
        <p className="card-balance__expiring">
          {t('detail.expiringSoon', {
            amount: formatCardBalance({ amount: soonest.amount, unit: card.balance.unit }, card.currency),
            date: date(soonest.expiresAt),
          })}
        </p>
      ) : null}
      {card.isCardActive ? null : (
        <p className="card-balance__status" role="note">
          {t('detail.notActive', { status: t(`status.${card.status}`) })}
        </p>
      )}
    </section>
  );
}
