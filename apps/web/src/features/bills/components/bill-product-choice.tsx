import { useId } from 'react';
import type { BillCategory, BillProduct } from '@kartu/contracts';
import { tabId, tabPanelId, Tabs } from '../../../components/ui/tabs.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { billKinds, providerName, providersOf } from '../bill-kinds.ts';
import { useBillMoney } from './use-bill-money.ts';

export interface BillProductChoiceProps {
  category: BillCategory;
  /** The kind's prepaid products. */
  products: readonly BillProduct[];
  /** The provider whose products show (mobile operators, e-wallets); null for a kind with none. */
  provider: string | null;
  onProviderChange: (provider: string) => void;
  sku: string | null;
  onChange: (sku: string) => void;
  /** Already translated. */
  error: string | null;
  /** The id of the first choice, to take focus when none is chosen. */
  firstChoiceId: string;
}

/** The prepaid products as cards to choose from, by provider in tabs where the kind has them: name, price, and the admin fee it includes. */
export function BillProductChoice({ category, products, provider, onProviderChange, sku, onChange, error, firstChoiceId }: BillProductChoiceProps) {
  const { t } = useTranslation('bills');
  const id = useId();
  const kind = billKinds[category];
  const providers = kind.byProvider ? providersOf(products) : [];
  const shown = provider ? products.filter((product) => product.provider === provider) : products;
  const choices = <ProductCards category={category} products={shown} sku={sku} onChange={onChange} error={error} firstChoiceId={firstChoiceId} />;
  if (!provider || providers.length === 0) return choices;
  return (
    <div className="bill-providers">
      <Tabs
        label={t(`products.providers.${category}`)}
        idPrefix={id}
        items={providers.map((value) => ({ value, label: providerName(value) }))}
        value={provider}
        onChange={onProviderChange}
      />
      <div role="tabpanel" id={tabPanelId(id, provider)} aria-labelledby={tabId(id, provider)} className="bill-providers__panel">
        {choices}
      </div>
    </div>
  );
}

function ProductCards({ category, products, sku, onChange, error, firstChoiceId }: Omit<BillProductChoiceProps, 'provider' | 'onProviderChange'>) {
  const { t } = useTranslation('bills');
  const money = useBillMoney();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="bill-products" aria-describedby={error ? errorId : undefined}>
      <legend className="bill-products__legend">{t(`products.legend.${category}`)}</legend>
      {products.length === 0 ? <p className="muted">{t('products.empty')}</p> : null}
      <div className="bill-products__grid">
        {products.map((product, index) => (
          <label key={product.sku} className="bill-product">
            <input
              id={index === 0 ? firstChoiceId : undefined}
              className="bill-product__radio"
              type="radio"
              name={name}
              value={product.sku}
              checked={sku === product.sku}
              onChange={() => onChange(product.sku)}
            />
            <span className="bill-product__name">{product.name}</span>
            {product.price !== null ? <span className="bill-product__price">{money.rupiah(product.price)}</span> : null}
            {product.adminFee > 0 ? <span className="bill-product__fee">{t('products.adminFee', { fee: money.rupiah(product.adminFee) })}</span> : null}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
