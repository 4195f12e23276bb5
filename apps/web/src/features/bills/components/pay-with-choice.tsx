import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { BillPaySource, PaySourceOption } from '../pay-sources.ts';
import { useBillMoney } from './use-bill-money.ts';

export interface PayWithChoiceProps {
  options: readonly PaySourceOption[];
  value: BillPaySource | null;
  onChange: (source: BillPaySource) => void;
  disabled: boolean;
}

/** What pays: the card's points (how many) or its rupiah balance, each shown disabled with why when the card holds too little. */
export function PayWithChoice({ options, value, onChange, disabled }: PayWithChoiceProps) {
  const { t } = useTranslation('bills');
  const money = useBillMoney();
  const name = useId();
  if (options.length === 0) {
    return (
      <p className="bills-refusal" role="alert">
        {t('payWith.none')}
      </p>
    );
  }
  return (
    <fieldset className="bill-sources">
      <legend className="bill-products__legend">{t('payWith.legend')}</legend>
      {options.map((option) => {
        const held = option.held === null ? null : money.inUnit(option.held, option.unit);
        return (
          <label key={option.source} className="bill-source" aria-disabled={option.tooLittle || undefined}>
            <input
              className="bill-product__radio"
              type="radio"
              name={name}
              value={option.source}
              checked={value === option.source}
              disabled={disabled || option.tooLittle}
              onChange={() => onChange(option.source)}
            />
            <span className="bill-source__text">
              <span className="bill-source__head">
                <span className="bill-source__name">{t(`payWith.${option.source}`)}</span>
                <span className="bill-source__cost">{money.inUnit(option.cost, option.unit)}</span>
              </span>
              {held === null ? null : (
                <span className={option.tooLittle ? 'bill-source__hint bill-source__hint--short' : 'bill-source__hint'}>
                  {t(option.tooLittle ? 'payWith.tooLittle' : 'payWith.held', { held })}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
