import { useId, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CardTokenInput, PaymentProviderName } from '@kartu/contracts';
import {
  cvvLengthOf,
  formatCardExpiry,
  formatPaymentCardNumber,
  NAME_ON_CARD_MAX_LENGTH,
  parseCardExpiry,
  paymentCardBrandOf,
  PAYMENT_CARD_MAX_DIGITS,
} from '@kartu/core/payment-card';
import { useTranslation } from '../../lib/i18n.tsx';
import { CardTokenizationError, tokenizeCard } from '../../lib/card-tokenizer.ts';
import { FormField } from '../forms/form-field.tsx';
import { Button } from '../ui/button.tsx';
import { PaymentMethodIcon } from './payment-method-icon.tsx';
import { creditCardFormSchema, type CreditCardValues } from './credit-card-form-schema.ts';
import './payments.css';

export interface CreditCardFormProps {
  /** The merchant's provider and the public key the card is tokenised with (the payment check's answer). */
  provider: PaymentProviderName;
  publicKey: string;
  /** Where the provider tokenises cards for browsers (the payment check's answer). */
  tokenizationUrl?: string | null;
  /** The submit button's words: 'Pay Rp 50.000', 'Save card'. */
  submitLabel: string;
  /** Gets the token and what may be shown of the card; the number and the CVV never leave the form. */
  onTokenized: (card: CardTokenInput) => void | Promise<void>;
  /** The parent is still using the token (creating the payment): the form waits with it. */
  busy?: boolean;
  /** The clock expiry dates are checked against; the device's by default. */
  now?: () => Date;
}

const emptyCard: CreditCardValues = { number: '', nameOnCard: '', expiry: '', cvv: '' };
const groupedNumberMaxLength = PAYMENT_CARD_MAX_DIGITS + 4;

/** Typing reformats the field before the form reads it: the number in its groups, the expiry as MM/YY, the CVV in digits. */
function formatted(field: UseFormRegisterReturn, format: (value: string) => string): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      input.value = format(input.value);
      return field.onChange(event);
    },
  };
}

const cvvDigits = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/**
 * A payment card's number, name, expiry and CVV, checked here with the shared card rules, then
 * tokenised in the browser at the merchant's provider (spec: business-rules §5 card fields).
 */
export function CreditCardForm({ provider, publicKey, tokenizationUrl = null, submitLabel, onTokenized, busy = false, now = () => new Date() }: CreditCardFormProps) {
  const { t } = useTranslation('payments');
  const formId = useId();
  const [tokenizing, setTokenizing] = useState(false);
  const [keyFailure, setKeyFailure] = useState(false);
  const { register, handleSubmit, control: form, formState } = useForm<CreditCardValues>({
    resolver: zodResolver(creditCardFormSchema(now)),
    defaultValues: emptyCard,
  });
  const brand = paymentCardBrandOf(useWatch({ control: form, name: 'number' }));
  const cvvLength = cvvLengthOf(brand);

  const submit = handleSubmit(async (values) => {
    const expiry = parseCardExpiry(values.expiry);
    if (!expiry) return;
    setKeyFailure(false);
    setTokenizing(true);
    try {
      const card = { number: values.number, cvv: values.cvv, expiryMonth: expiry.month, expiryYear: expiry.year, nameOnCard: values.nameOnCard.trim() };
      const { token, brand: tokenBrand, last4 } = await tokenizeCard({ provider, publicKey, tokenizationUrl, card });
      setTokenizing(false);
      await onTokenized({ token, brand: tokenBrand, last4, expiryMonth: expiry.month, expiryYear: expiry.year, nameOnCard: card.nameOnCard });
    } catch (error) {
      setTokenizing(false);
      if (error instanceof CardTokenizationError) setKeyFailure(true);
      else throw error;
    }
  });

  const errorOf = (field: keyof CreditCardValues) => {
    const message = formState.errors[field]?.message;
    return message ? t(`card.errors.${message}`, { length: cvvLength }) : null;
  };

  const numberField = formatted(register('number'), formatPaymentCardNumber);
  const expiryField = formatted(register('expiry'), formatCardExpiry);
  const cvvField = formatted(register('cvv'), cvvDigits);
  const waiting = tokenizing || busy;

  return (
    <form className="credit-card-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={waiting || undefined}>
      <FormField
        id={`${formId}-number`}
        label={t('card.number')}
        error={errorOf('number')}
        hint={
          <p className="credit-card-form__brand" id={`${formId}-brand`} aria-live="polite">
            <PaymentMethodIcon method="credit_card" />
            <span>{brand === 'unknown' ? t('card.brandUnknown') : t('card.brandIs', { brand: t(`card.brand.${brand}`) })}</span>
          </p>
        }
        describedBy={`${formId}-brand`}
      >
        {(control) => (
          <input
            {...control}
            {...numberField}
            className="text-input credit-card-form__number"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={groupedNumberMaxLength}
            placeholder="1234 5678 9012 3456"
            aria-required="true"
          />
        )}
      </FormField>
      <FormField id={`${formId}-name`} label={t('card.name')} error={errorOf('nameOnCard')}>
        {(control) => (
          <input
            {...control}
            {...register('nameOnCard')}
            className="text-input"
            type="text"
            autoComplete="cc-name"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={NAME_ON_CARD_MAX_LENGTH}
            aria-required="true"
          />
        )}
      </FormField>
      <div className="credit-card-form__row">
        <FormField
          id={`${formId}-expiry`}
          label={t('card.expiry')}
          error={errorOf('expiry')}
          describedBy={`${formId}-expiry-hint`}
          hint={
            <p className="field__hint muted" id={`${formId}-expiry-hint`}>
              {t('card.expiryHint')}
            </p>
          }
        >
          {(control) => (
            <input {...control} {...expiryField} className="text-input" type="text" inputMode="numeric" autoComplete="cc-exp" maxLength={5} placeholder="MM/YY" aria-required="true" />
          )}
        </FormField>
        <FormField
          id={`${formId}-cvv`}
          label={t('card.cvv')}
          error={errorOf('cvv')}
          describedBy={`${formId}-cvv-hint`}
          hint={
            <p className="field__hint muted" id={`${formId}-cvv-hint`}>
              {t(cvvLength === 4 ? 'card.cvvHintFront' : 'card.cvvHintBack', { length: cvvLength })}
            </p>
          }
        >
          {(control) => (
            <input {...control} {...cvvField} className="text-input" type="text" inputMode="numeric" autoComplete="cc-csc" maxLength={cvvLength} aria-required="true" />
          )}
        </FormField>
      </div>
      {keyFailure ? (
        <p className="credit-card-form__failure" role="alert">
          {t('card.errors.keyFailure')}
        </p>
      ) : null}
      <p className="credit-card-form__note muted">{t('card.secureNote')}</p>
      <Button type="submit" block loading={waiting}>
        {submitLabel}
      </Button>
    </form>
  );
}
