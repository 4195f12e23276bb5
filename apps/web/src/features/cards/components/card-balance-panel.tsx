import { useTranslation } from '../../../lib/i18n.tsx';
import type { CardDetail } from '@kartu/contracts';
import { useLanguage } from '../../../lib/i18n.tsx';
import { BalanceDisplay, formatAmount } from '../../../components/ui/amount.tsx';

/** The balance in the program's unit, and the soonest lot about to expire (spec: app-core §3 Currency). */
export function CardBalancePanel({ card }: { card: Pick<CardDetail, 'balance' | 'currency' | 'isCardActive' | 'status'> }) {
  const { t } = useTranslation('cards');
  const { intlLocale } = useLanguage();
  const soonest = card.balance.expiring[0];
  const date = (iso: string) => new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <BalanceDisplay label={t(`detail.balanceLabel.${card.balance.unit}`)} labelId="card-balance-title" balance={card.balance} currency={card.currency}>
      {soonest ? (
        <p className="balance-display__note balance-display__note--warning">
          {t('detail.expiringSoon', {
            amount: formatAmount(soonest.amount, card.balance.unit, card.currency),
            date: date(soonest.expiresAt),
          })}
        </p>
      ) : null}
      {card.isCardActive ? null : (
        <p className="balance-display__note balance-display__note--status" role="note">
          {t('detail.notActive', { status: t(`status.${card.status}`) })}
        </p>
      )}
    </BalanceDisplay>
  );
}
