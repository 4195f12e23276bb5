import type { Currency } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { useLanguage, useTranslation } from '../../../lib/i18n.tsx';
import { Amount } from '../../../components/ui/amount.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ReceiptIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { List, ListRow } from '../../../components/ui/list-row.tsx';
import { PaymentMethodIcon } from '../../../components/payment/payment-method-icon.tsx';
import { paymentCurrency } from '../../../components/payment/payment-currency.ts';
import { PaymentStatusBadge } from '../../../components/payment/payment-status-badge.tsx';
import type { SandboxPayment } from '../api/sandbox-payments.ts';

export interface SandboxPaymentListProps {
  payments: readonly SandboxPayment[];
  merchantCurrency: Currency;
  /** Kept on each link, so the payment's page can still send the member back. */
  returnTo: string | null;
}

/** The site's payments, newest first, each opening its sandbox page. */
export function SandboxPaymentList({ payments, merchantCurrency, returnTo }: SandboxPaymentListProps) {
  const { t } = useTranslation('payments');
  const { intlLocale } = useLanguage();
  const when = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'short' });
  if (payments.length === 0) {
    return <EmptyState illustration={<ReceiptIllustration />} title={t('sandbox.empty.title')} message={t('sandbox.empty.message')} />;
  }
  const newestFirst = [...payments].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <List variant="cards" aria-label={t('sandbox.listLabel')}>
      {newestFirst.map((payment) => (
        <li key={payment.id}>
          <ListRow
            to={paths.devPayments.href({ paymentId: payment.id }, { return: returnTo ?? undefined })}
            leading={<PaymentMethodIcon method={payment.method} />}
            title={t(`methods.${payment.method}.name`)}
            subtitle={t(`sandbox.subject.${payment.subject.type}`)}
            meta={<time dateTime={payment.createdAt}>{when.format(new Date(payment.createdAt))}</time>}
            trailing={
              <span className="dev-payments__row-end">
                <Amount amount={payment.amount} unit="CASH" currency={paymentCurrency(payment.currency, merchantCurrency)} />
                <PaymentStatusBadge status={payment.status} />
              </span>
            }
            chevron
          />
        </li>
      ))}
    </List>
  );
}
