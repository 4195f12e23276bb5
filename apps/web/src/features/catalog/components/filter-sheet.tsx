import { useId, useState, type FormEvent } from 'react';
import { PRODUCT_TYPES } from '@kartu/core/cart';
import type { CatalogCategory, ProductType } from '@kartu/contracts';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/forms/form-field.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { isPriceRangeValid, type CatalogFilter } from '../catalog-filter.ts';

export interface FilterSheetProps {
  filter: CatalogFilter;
  categories: readonly CatalogCategory[];
  /** The sheet's choices: category, product type and the price range in points. */
  onApply: (choice: Pick<CatalogFilter, 'categoryId' | 'type' | 'minPrice' | 'maxPrice'>) => void;
  onClose: () => void;
}

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 15);
const priceOf = (text: string) => (text === '' ? undefined : Number(text));

/** The shop list's filters in a bottom sheet; a range whose minimum is above its maximum is refused here. */
export function FilterSheet({ filter, categories, onApply, onClose }: FilterSheetProps) {
  const { t } = useTranslation('shop');
  const { t: common } = useTranslation();
  const id = useId();
  const [categoryId, setCategoryId] = useState(filter.categoryId ?? '');
  const [type, setType] = useState<ProductType | ''>(filter.type ?? '');
  const [minPrice, setMinPrice] = useState(filter.minPrice?.toString() ?? '');
  const [maxPrice, setMaxPrice] = useState(filter.maxPrice?.toString() ?? '');
  const [rangeError, setRangeError] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const min = priceOf(minPrice);
    const max = priceOf(maxPrice);
    if (!isPriceRangeValid(min, max)) {
      setRangeError(common('errors.CATALOG_PRICE_RANGE'));
      return;
    }
    onApply({ categoryId: categoryId || undefined, type: type || undefined, minPrice: min, maxPrice: max });
  };

  const reset = () => {
    setCategoryId('');
    setType('');
    setMinPrice('');
    setMaxPrice('');
    setRangeError(null);
  };

  return (
    <BottomSheet title={t('filter.title')} closeLabel={t('filter.close')} onClose={onClose} className="filter-sheet">
      <form className="filter-sheet__form" onSubmit={apply} noValidate>
        <FormField id={`${id}-category`} label={t('filter.category')}>
          {(control) => (
            <select {...control} className="text-input" value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
              <option value="">{t('filter.allCategories')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={`${id}-type`} label={t('filter.type')}>
          {(control) => (
            <select {...control} className="text-input" value={type} onChange={(event) => setType(event.target.value as ProductType | '')}>
              <option value="">{t('filter.allTypes')}</option>
              {PRODUCT_TYPES.map((productType) => (
                <option key={productType} value={productType}>
                  {t(`types.${productType}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <fieldset className="filter-sheet__range" aria-describedby={rangeError ? `${id}-range-error` : undefined}>
          <legend className="field__label">{t('filter.price')}</legend>
          <div className="filter-sheet__range-fields">
            <PriceBoundField
              id={`${id}-min`}
              label={t('filter.minPrice')}
              value={minPrice}
              invalid={rangeError !== null}
              onChange={(value) => {
                setMinPrice(value);
                setRangeError(null);
              }}
            />
            <PriceBoundField
              id={`${id}-max`}
              label={t('filter.maxPrice')}
              value={maxPrice}
              invalid={rangeError !== null}
              onChange={(value) => {
                setMaxPrice(value);
                setRangeError(null);
              }}
            />
          </div>
          {rangeError ? (
            <p id={`${id}-range-error`} className="field__error" role="alert">
              {rangeError}
            </p>
          ) : null}
        </fieldset>
        <div className="filter-sheet__actions">
          <Button variant="secondary" onClick={reset}>
            {t('filter.reset')}
          </Button>
          <Button type="submit">{t('filter.apply')}</Button>
        </div>
      </form>
    </BottomSheet>
  );
}

/** One end of the points range: digits only, marked invalid with the range. */
function PriceBoundField({ id, label, value, invalid, onChange }: { id: string; label: string; value: string; invalid: boolean; onChange: (value: string) => void }) {
  return (
    <FormField id={id} label={label}>
      {(control) => (
        <input
          {...control}
          aria-invalid={invalid ? true : undefined}
          className="text-input"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(digitsOnly(event.target.value))}
        />
      )}
    </FormField>
  );
}
