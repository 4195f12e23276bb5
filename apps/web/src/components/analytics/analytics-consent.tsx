import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../ui/button.tsx';
import { loadAnalyticsVendors, setAnalyticsConsent, trackVendorEvent, useAnalyticsConsent, type AnalyticsIds } from '../../lib/analytics-vendors.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import './analytics-consent.css';

/**
 * Asks a signed-in member, once, whether the merchant may measure how the app is used with its tag
 * manager or pixel; loads them only after a yes, and tells them each page the member opens.
 */
export function AnalyticsConsent({ brand, ids }: { brand: string; ids: AnalyticsIds }) {
  const { t } = useTranslation('common');
  const consent = useAnalyticsConsent();
  const { pathname } = useLocation();

  useEffect(() => {
    if (consent === 'granted') loadAnalyticsVendors(ids);
  }, [consent, ids]);

  useEffect(() => {
    if (consent === 'granted') trackVendorEvent('page_view', { page_path: pathname });
  }, [consent, pathname]);

  if (consent !== null) return null;
  const vendors = ids.gaId && ids.fbPixelId ? t('analyticsConsent.both') : ids.gaId ? t('analyticsConsent.ga') : t('analyticsConsent.pixel');
  return (
    <section className="analytics-consent" aria-label={t('analyticsConsent.label')}>
      <p className="analytics-consent__text">{t('analyticsConsent.text', { brand, vendors })}</p>
      <div className="analytics-consent__actions">
        <Button variant="secondary" onClick={() => setAnalyticsConsent('denied')}>
          {t('analyticsConsent.deny')}
        </Button>
        <Button onClick={() => setAnalyticsConsent('granted')}>{t('analyticsConsent.allow')}</Button>
      </div>
    </section>
  );
}
