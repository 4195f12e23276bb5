import { useId } from 'react';
import type { Currency } from '@kartu/contracts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useLanguage, useTranslation } from '../../../lib/i18n.tsx';
import { Amount } from '../../../components/ui/amount.tsx';
import { Button, ButtonLink, type ButtonVariant } from '../../../components/ui/button.tsx';
import { PaymentMethodIcon } from '../../../components/payment/payment-method-icon.tsx';
import { paymentCurrency } from '../../../components/payment/payment-currency.ts';
import { PaymentStatusBadge } from '../../../components/payment/payment-status-badge.tsx';
import { useSimulateSandboxPayment, type SandboxPayment, type SandboxPaymentAction } from '../api/sandbox-payments.ts';

const actions: { action: SandboxPaymentAction; variant: ButtonVariant }[] = [
  { action: 'pay', variant: 'primary' },
  { action: 'fail', variant: 'danger' },
  { action: 'expire', variant: 'secondary' },
];

export interface SandboxPaymentDetailProps {
  payment: SandboxPayment;
  merchantCurrency: Currency;
  /** Where the member came from (already checked to be a path of this site). */
  returnPath: string;
}

/** One payment at the sandbox provider: what it is, and the buttons that pay, fail or expire it. */
export function SandboxPaymentDetail({ payment, merchantCurrency, returnPath }: SandboxPaymentDetailProps) {
  const { t } = useTranslation('payments');
  const { intlLocale } = useLanguage();
  const factsId = useId();
  const actionsId = useId();
  const simulate = useSimulateSandboxPayment();
  const when = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'medium' });
  const open = payment.status === 'pending' || payment.status === 'waiting_payment';
  const canAct = open && payment.provider === 'sandbox';
  const running = simulate.isPending ? simulate.variables.action : null;
  const outcome = simulate.data?.outcome;

  return (
    <>
      <article className="card-surface" aria-labelledby={factsId}>
        <h2 id={factsId} className="dev-payments__amount">
          <Amount amount={payment.amount} unit="CASH" currency={paymentCurrency(payment.currency, merchantCurrency)} />
        </h2>
        <dl className="dev-payments__list">
          <dt>{t('page.method')}</dt>
          <dd className="dev-payments__method">
            <PaymentMethodIcon method={payment.method} />
            {t(`methods.${payment.method}.name`)}
          </dd>
          <dt>{t('page.status')}</dt>
          <dd>
            <PaymentStatusBadge status={payment.status} />
          </dd>
          <dt>{t('sandbox.for')}</dt>
          <dd>{t(`sandbox.subject.${payment.subject.type}`)}</dd>
          <dt>{t('sandbox.created')}</dt>
          <dd>
            <time dateTime={payment.createdAt}>{when.format(new Date(payment.createdAt))}</time>
          </dd>
          <dt>{t('sandbox.expires')}</dt>
          <dd>
            <time dateTime={payment.expiresAt}>{when.format(new Date(payment.expiresAt))}</time>
          </dd>
          {payment.failureReason ? (
            <>
              <dt>{t('sandbox.failureReason')}</dt>
              <dd>
                <code>{payment.failureReason}</code>
              </dd>
            </>
          ) : null}
          <dt>{t('sandbox.paymentId')}</dt>
          <dd>
            <code>{payment.id}</code>
          </dd>
        </dl>
      </article>

      <section className="dev-payments__section" aria-labelledby={actionsId}>
        <h2 id={actionsId} className="dev-payments__heading">
          {t('sandbox.actionsTitle')}
        </h2>
        <p className="muted">{canAct ? t('sandbox.actionsHint') : t('sandbox.final')}</p>
        <div className="dev-payments__actions">
          {actions.map(({ action, variant }) => (
            <Button
              key={action}
              variant={variant}
              loading={running === action}
              disabled={!canAct || (running !== null && running !== action)}
              onClick={() => simulate.mutate({ paymentId: payment.id, action })}
            >
              {t(`sandbox.action.${action}`)}
            </Button>
          ))}
        </div>
        <p className="dev-payments__outcome" role="status">
          {outcome ? t(`sandbox.outcome.${outcome}`, { status: t(`statusName.${payment.status}`) }) : ''}
        </p>
        {simulate.isError ? (
          <p className="dev-payments__error" role="alert">
            {describeApiError(simulate.error) ?? t('sandbox.actionFailed')}
          </p>
        ) : null}
      </section>

      <ButtonLink to={returnPath} variant={outcome ? 'primary' : 'secondary'} block>
        {t('sandbox.back')}
      </ButtonLink>
    </>
  );
}
