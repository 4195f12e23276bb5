import type { SubscriptionFees } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMembershipFormat } from './use-membership-format.ts';

/** The plan's price, each fee line the server worked out, and the total to pay. */
export function FeeSummary({ fees, loading }: { fees: SubscriptionFees | undefined; loading: boolean }) {
  const { t } = useTranslation('subscriptions');
  const { money } = useMembershipFormat();
  if (!fees) return loading ? <Skeleton height="5rem" shape="block" /> : null;
  return (
    <section className="fee-summary card-surface" aria-label={t('fees.title')} aria-busy={loading}>
      <dl className="fee-summary__lines">
        <div className="fee-summary__line">
          <dt>{t('fees.subtotal')}</dt>
          <dd>{money(fees.subtotal, fees.currency)}</dd>
        </div>
        {fees.data.map((line) => (
          <div className="fee-summary__line" key={line.type}>
            <dt>{t(`fees.type.${line.type}`)}</dt>
            <dd>{money(line.amount, fees.currency)}</dd>
          </div>
        ))}
        <div className="fee-summary__line fee-summary__line--total">
          <dt>{t('fees.total')}</dt>
          <dd>{money(fees.total, fees.currency)}</dd>
        </div>
      </dl>
    </section>
  );
}
