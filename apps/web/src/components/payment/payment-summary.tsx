import type { Currency, PaymentAnswer } from '@kartu/contracts';
import { useTranslation } from '../../lib/i18n.tsx';
import './payment-status.css';
import { Amount } from '../ui/amount.tsx';
import { PaymentMethodIcon } from './payment-method-icon.tsx';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

/** How much, by what and where it stands: the facts of a payment above its status. */
export function PaymentSummary({ payment, currency }: { payment: PaymentAnswer; currency: Currency }) {
  const { t } = useTranslation('payments');
  return (
    <dl className="payment-summary card-surface">
      <div className="payment-summary__amount">
        <dt>{t('page.amount')}</dt>
        <dd>
          <Amount amount={payment.amount} unit="CASH" currency={currency} />
        </dd>
      </div>
      <div className="payment-summary__row">
        <dt>{t('page.method')}</dt>
        <dd className="payment-summary__method">
          <span className="payment-summary__icon">
            <PaymentMethodIcon method={payment.method} />
          </span>
          {t(`methods.${payment.method}.name`)}
        </dd>
      </div>
      <div className="payment-summary__row">
        <dt>{t('page.status')}</dt>
        <dd>
          <PaymentStatusBadge status={payment.status} />
        </dd>
      </div>
    </dl>
  );
}
