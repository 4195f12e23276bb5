import type { Ref } from 'react';
import './forms.css';
import type { Currency } from '@kartu/contracts';
import { filterNumericKey, formatCurrency } from '@kartu/core';
import type { FieldControlProps } from './form-field.tsx';

/** Digits beyond this would pass the largest amount a number holds exactly. */
const MAX_DIGITS = 15;

/** The typed text as an amount in minor units: digits only, leading zeros dropped; null when empty. */
export function minorUnitsOf(text: string): number | null {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '').slice(0, MAX_DIGITS);
  return digits === '' ? null : Number(digits);
}

export interface MoneyInputProps {
  control: FieldControlProps;
  /** In minor units of the currency; null while empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  currency: Currency;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An amount of money typed as a till takes it: digits only, filling from the smallest unit up
 * (3, 5, 0, 0 is Rp 3.500, or RM 35.00), shown with the currency's separators as it grows.
 */
export function MoneyInput({ control, value, onChange, currency, inputRef }: MoneyInputProps) {
  return (
    <span className="money-input">
      <span className="money-input__symbol" aria-hidden="true">
        {currency.symbol}
      </span>
      <input
        ref={inputRef}
        {...control}
        className="text-input money-input__field"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="next"
        value={value === null ? '' : formatCurrency(value, { ...currency, symbol: '' })}
        // spec: app-core §5: numeric inputs block non-digit keys.
        onKeyDown={(event) => {
          if (!event.ctrlKey && !event.metaKey && !event.altKey && !filterNumericKey(event.key)) event.preventDefault();
        }}
        onChange={(event) => onChange(minorUnitsOf(event.target.value))}
      />
    </span>
  );
}
