import { useId, type KeyboardEvent } from 'react';
import { clampQuantity, filterNumericKey, isQuantityDisabled } from '@kartu/core';
import { Icon } from '../layout/icons.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import './shop.css';

const PlusIcon = () => <Icon><path d="M12 5v14M5 12h14" /></Icon>;
const MinusIcon = () => <Icon><path d="M5 12h14" /></Icon>;

export interface QuantityInputProps {
  /** What the member typed, kept as text so an empty field can be edited. */
  value: string;
  onChange: (value: string) => void;
  /** The most one order takes; 0 disables everything. */
  max: number;
  /** The visible label; the field is named by it. */
  label: string;
  /** For a row of several: the product the stepper is for, in the buttons' names. */
  productName?: string;
}

/**
 * spec app-core §5 quantity: digits only as keys are pressed; on leaving, empty or non-numeric
 * text becomes 1, a number above the maximum takes the maximum; minus and plus step by one within
 * 1 and the maximum, and everything is disabled when the maximum is 0.
 */
export function QuantityInput({ value, onChange, max, label, productName }: QuantityInputProps) {
  const { t } = useTranslation('shop');
  const id = useId();
  const disabled = isQuantityDisabled({ max });
  const quantity = clampQuantity(value, { max });
  // A cart line may hold more than its maximum now allows (stock fell): one step down lands on the maximum.
  const held = clampQuantity(value, { max: Number.MAX_SAFE_INTEGER });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!filterNumericKey(event.key)) event.preventDefault();
  };
  return (
    <div className="quantity">
      <label htmlFor={id} className={productName ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className="quantity__controls">
        <button
          type="button"
          className="quantity__step"
          aria-label={productName ? t('quantity.decreaseFor', { name: productName }) : t('quantity.decrease')}
          disabled={disabled || held <= 1}
          onClick={() => onChange(String(Math.min(held - 1, max)))}
        >
          <MinusIcon />
        </button>
        <input
          id={id}
          className="quantity__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={disabled ? '1' : value}
          disabled={disabled}
          onKeyDown={onKeyDown}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
          onBlur={() => onChange(String(clampQuantity(value, { max })))}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={productName ? t('quantity.increaseFor', { name: productName }) : t('quantity.increase')}
          disabled={disabled || quantity >= max}
          onClick={() => onChange(String(quantity + 1))}
        >
          <PlusIcon />
        </button>
      </div>
    </div>
  );
}
