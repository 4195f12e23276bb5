import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';

/** The merchant a QRIS pays, and its city, as a list of facts the caller adds rows to. */
export function QrisMerchantFacts({ merchantName, merchantCity, children }: { merchantName: string; merchantCity: string; children?: ReactNode }) {
  const { t } = useTranslation('qris');
  return (
    <dl className="qris-facts card-surface">
      <div className="qris-facts__row">
        <dt>{t('facts.merchant')}</dt>
        <dd className="qris-facts__merchant">{merchantName}</dd>
      </div>
      <div className="qris-facts__row">
        <dt>{t('facts.city')}</dt>
        <dd>{merchantCity}</dd>
      </div>
      {children}
    </dl>
  );
}
