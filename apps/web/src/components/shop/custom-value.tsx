import { useId } from 'react';
import type { CartProblem, Currency, ProductSummary } from '@kartu/contracts';
import { FormField } from '../forms/form-field.tsx';
import { MoneyInput } from '../forms/money-input.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import type { ShopFormat } from './use-shop-format.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A product's price as a list or page shows it: a custom-value product reads 'From Rp 10.000'. */
export function productPriceText(product: Pick<ProductSummary, 'price' | 'customValue'>, format: ShopFormat, t: Translate): string {
  if (!product.customValue) return format.price(product.price);
  return t('customValue.from', { amount: format.money(product.customValue.min, product.price.currency) });
}

/**
 * What the member reads about one line's problem: out of stock, above its limit, gone from sale, or
 * a custom value out of its range (a donation's minimum named as the minimum donation).
 */
export function lineProblemText(problem: CartProblem, t: Translate, money?: { format: ShopFormat; currency: string; isDonation: boolean }): string {
  if (problem.code === 'quantity_above_max') return t('problems.quantity_above_max', { count: problem.limit ?? 0 });
  if ((problem.code === 'custom_value_below_minimum' || problem.code === 'custom_value_above_maximum') && money) {
    const key = problem.code === 'custom_value_below_minimum' && money.isDonation ? 'custom_value_below_minimum_donation' : problem.code;
    return t(`problems.${key}`, { amount: money.format.money(problem.limit ?? 0, money.currency) });
  }
  return t(`problems.${problem.code}`);
}

export interface CustomValueFieldProps {
  range: NonNullable<ProductSummary['customValue']>;
  currency: Currency;
  value: number | null;
  onChange: (value: number | null) => void;
  error: string | undefined;
  format: ShopFormat;
}

/** The amount a member gives or pays for a custom-value product, with the range it must lie in. */
export function CustomValueField({ range, currency, value, onChange, error, format }: CustomValueFieldProps) {
  const { t } = useTranslation('shop');
  const id = useId();
  const hintId = `${id}-range`;
  const min = format.money(range.min, currency.code);
  const max = format.money(range.max, currency.code);
  return (
    <FormField
      id={`${id}-value`}
      label={t(range.isDonation ? 'customValue.donation' : 'customValue.amount')}
      error={error}
      describedBy={hintId}
      hint={
        <p id={hintId} className="field__hint">
          {t(range.isDonation ? 'customValue.donationRange' : 'customValue.range', { min, max })}
        </p>
      }
    >
      {(control) => <MoneyInput control={control} value={value} onChange={onChange} currency={currency} />}
    </FormField>
  );
}
