import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CardTokenInput, PaymentCheckAnswer, PaymentMethod, Subscription, SubscriptionPlan } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useAttemptKey } from '../../../lib/attempt-key.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { CreditCardForm } from '../../../components/payment/credit-card-form.tsx';
import { PaymentMethodPicker } from '../../../components/payment/payment-method-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSubscribe, useSubscriptionFees } from '../api/subscriptions.ts';
import { FeeSummary } from './fee-summary.tsx';
import { PlanPicker } from './plan-picker.tsx';
import { useMembershipFormat } from './use-membership-format.ts';

/** Cash on delivery belongs to orders that are delivered: a membership is paid before it starts. */
const subscriptionMethods = (payments: PaymentCheckAnswer): PaymentMethod[] => payments.listPayment.filter((method) => method !== 'cash_on_delivery');

export interface SubscribeFormProps {
  cardId: string;
  plans: readonly SubscriptionPlan[];
  subscription: Subscription | null;
  payments: PaymentCheckAnswer;
}

/** Choose a plan and a way to pay, see every fee, then pay: a first subscription or a renewal. */
export function SubscribeForm({ cardId, plans, subscription, payments }: SubscribeFormProps) {
  const { t } = useTranslation('subscriptions');
  const { money } = useMembershipFormat();
  const navigate = useNavigate();
  const methods = subscriptionMethods(payments);
  const [planId, setPlanId] = useState<string | null>(subscription?.plan.id ?? plans[0]?.id ?? null);
  const [method, setMethod] = useState<PaymentMethod | null>(methods[0] ?? null);
  const plan = plans.find((candidate) => candidate.id === planId) ?? null;
  const [autoRenew, setAutoRenew] = useState(plan?.autoRenewDefault ?? false);
  const fees = useSubscriptionFees(cardId, planId, method);
  const subscribe = useSubscribe();
  // Pressing pay again after a lost answer opens the same payment, not a second one.
  const attempt = useAttemptKey();
  const renewing = subscription?.isRenewable ?? false;

  const pay = (card?: CardTokenInput) => {
    if (!plan || !method) return;
    const body = {
      cardId,
      planId: plan.id,
      transactionType: renewing ? ('subscriptionRenewal' as const) : ('subscriptionNew' as const),
      paymentMethod: method,
      autoRenew: method === 'credit_card' && autoRenew,
      ...(card && { card }),
    };
    const idempotencyKey = attempt.keyFor(JSON.stringify({ ...body, card: card?.token ?? null }));
    return subscribe.mutateAsync({ body, idempotencyKey }).then(
      (answer) => {
        attempt.settle();
        void navigate(paths.cardSubscribePayment.href({ cardId }, { payment: answer.payment.id }));
      },
      () => undefined,
    );
  };

  const total = fees.data ? money(fees.data.total, fees.data.currency) : null;
  const payLabel = total ? t('pay', { total }) : t('payNoTotal');
  const refusal = subscribe.isError ? (describeApiError(subscribe.error) ?? t('errors.generic')) : null;

  return (
    <section className="subscribe-form" aria-labelledby="subscribe-title">
      <h2 id="subscribe-title" className="subscribe-form__title">
        {renewing ? t('form.renewTitle') : t('form.title')}
      </h2>
      <PlanPicker
        plans={plans}
        value={planId}
        disabled={subscribe.isPending}
        onChange={(id) => {
          setPlanId(id);
          setAutoRenew(plans.find((candidate) => candidate.id === id)?.autoRenewDefault ?? false);
        }}
      />
      <PaymentMethodPicker methods={methods} value={method} onChange={setMethod} disabled={subscribe.isPending} />
      <FeeSummary fees={fees.data} loading={fees.isFetching} />
      {refusal ? (
        <p className="subscribe-form__error" role="alert">
          {refusal}
        </p>
      ) : null}
      {method === 'credit_card' && payments.provider && payments.publicKey ? (
        <div className="subscribe-form__card">
          <label className="subscribe-form__auto-renew">
            <input type="checkbox" checked={autoRenew} onChange={(event) => setAutoRenew(event.target.checked)} />
            <span>
              <span className="subscribe-form__auto-renew-name">{t('autoRenew.label')}</span>
              <span className="subscribe-form__auto-renew-hint">{t('autoRenew.formHint')}</span>
            </span>
          </label>
          <CreditCardForm provider={payments.provider} publicKey={payments.publicKey}
            tokenizationUrl={payments.tokenizationUrl} submitLabel={payLabel} busy={subscribe.isPending} onTokenized={pay} />
        </div>
      ) : (
        <Button block loading={subscribe.isPending} disabled={!plan || !method || subscribe.isPending} onClick={() => void pay()}>
          {payLabel}
        </Button>
      )}
      <p className="subscribe-form__terms muted">{t('form.terms')}</p>
    </section>
  );
}
