import { useId } from 'react';
import type { SubscriptionPlan } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useMembershipFormat } from './use-membership-format.ts';

export interface PlanPickerProps {
  plans: readonly SubscriptionPlan[];
  value: string | null;
  onChange: (planId: string) => void;
  disabled?: boolean;
}

/** The plans on sale as one radio group of cards: price, period and what the plan gives. */
export function PlanPicker({ plans, value, onChange, disabled = false }: PlanPickerProps) {
  const { t } = useTranslation('subscriptions');
  const { money } = useMembershipFormat();
  const name = useId();
  return (
    <fieldset className="plan-picker" disabled={disabled}>
      <legend className="plan-picker__legend">{t('plans.legend')}</legend>
      {plans.map((plan) => {
        const id = `${name}-${plan.id}`;
        return (
          <label key={plan.id} htmlFor={id} className="plan-option">
            <input
              id={id}
              type="radio"
              name={name}
              className="plan-option__input"
              checked={value === plan.id}
              onChange={() => onChange(plan.id)}
            />
            <span className="plan-option__body">
              <span className="plan-option__top">
                <span className="plan-option__name">{plan.name}</span>
                <span className="plan-option__price">
                  {money(plan.price, plan.currency)}
                  <span className="plan-option__period"> / {t('plans.period', { count: plan.durationMonths })}</span>
                </span>
              </span>
              {plan.description ? <span className="plan-option__description">{plan.description}</span> : null}
              {plan.autoRenewDefault ? <span className="plan-option__tag">{t('plans.autoRenewTag')}</span> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
