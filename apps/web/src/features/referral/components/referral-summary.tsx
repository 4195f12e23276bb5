import { useId } from 'react';
import type { BalanceUnit, ReferralSummary as Summary } from '@kartu/contracts';
import { Amount } from '../../../components/ui/amount.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';

const counted = ['pending', 'registered', 'purchased'] as const;

/** business-rules §3: how many friends are pending, registered and made a purchase, and the commission paid so far. */
export function ReferralSummary({ summary, unit }: { summary: Summary; unit: BalanceUnit }) {
  const { t } = useTranslation('referral');
  const { merchant } = useSite();
  const headingId = useId();
  return (
    <section className="referral-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('summary.heading')}</h2>
      <dl className="referral-summary__counts">
        {counted.map((state) => (
          <div key={state} className="referral-summary__count">
            <dt>{t(`state.${state}`)}</dt>
            <dd>{summary[state]}</dd>
          </div>
        ))}
      </dl>
      <dl className="referral-summary__commission">
        <dt>{t('summary.commission')}</dt>
        <dd>
          <Amount amount={summary.commission} unit={unit} currency={merchant.currency} />
        </dd>
      </dl>
    </section>
  );
}
