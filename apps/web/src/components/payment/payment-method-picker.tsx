import { useId } from 'react';
import type { PaymentMethod } from '@kartu/contracts';
import { useTranslation } from '../../lib/i18n.tsx';
import { PaymentMethodIcon } from './payment-method-icon.tsx';
import './payments.css';

export interface PaymentMethodPickerProps {
  /** The methods the merchant offers, in the order to show them (the payment check's `listPayment`). */
  methods: readonly PaymentMethod[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  /** The group's name as read and shown; 'Payment method' by default. */
  legend?: string;
  /** Already translated; shown under the choices and read with the group. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * The payment methods as one radio group: native radios, so Tab enters the group once, arrows move
 * the choice, and a screen reader hears each method's name, its hint and the position in the list.
 */
export function PaymentMethodPicker({ methods, value, onChange, legend, error, disabled = false }: PaymentMethodPickerProps) {
  const { t } = useTranslation('payments');
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="payment-methods" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="payment-methods__legend">{legend ?? t('picker.legend')}</legend>
      <div className="payment-methods__list">
        {methods.map((method) => {
          const id = `${name}-${method}`;
          return (
            <label key={method} htmlFor={id} className="payment-method">
              <span className="payment-method__icon">
                <PaymentMethodIcon method={method} />
              </span>
              <span className="payment-method__text">
                <span className="payment-method__name" id={`${id}-name`}>
                  {t(`methods.${method}.name`)}
                </span>
                <span className="payment-method__hint" id={`${id}-hint`}>
                  {t(`methods.${method}.hint`)}
                </span>
              </span>
              <input
                id={id}
                className="payment-method__radio"
                type="radio"
                name={name}
                value={method}
                checked={value === method}
                onChange={() => onChange(method)}
                aria-labelledby={`${id}-name`}
                aria-describedby={`${id}-hint`}
              />
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="payment-methods__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
