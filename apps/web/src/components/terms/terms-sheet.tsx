import { useEffect, useState } from 'react';
import type { Terms } from '@kartu/contracts';
import { describeApiError } from '../../lib/api-error.ts';
import { useLanguage, useTranslation } from '../../lib/i18n.tsx';
import { BottomSheet } from '../ui/bottom-sheet.tsx';
import { Button } from '../ui/button.tsx';
import { getTerms } from './get-terms.ts';
import './terms.css';

export type TermsDocument = 'terms' | 'privacy';

type Loaded = { state: 'loading' } | { state: 'loaded'; terms: Terms } | { state: 'failed'; message: string };

/**
 * The merchant's terms and conditions or privacy policy in a sheet over the page (business-rules §5
 * terms and privacy consent), read from the server in the member's language; paragraphs as written.
 */
export function TermsSheet({ document, onClose }: { document: TermsDocument; onClose: () => void }) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    getTerms(language).then(
      (terms) => current && setLoaded({ state: 'loaded', terms }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: describeApiError(error) ?? t('terms.failed') }),
    );
    return () => {
      current = false;
    };
  }, [language, attempt, t]);

  const title = document === 'terms' ? t('terms.termsTitle') : t('terms.privacyTitle');
  const text = loaded.state === 'loaded' ? (document === 'terms' ? loaded.terms.termsCondition : loaded.terms.privacyPolicy) : '';

  return (
    <BottomSheet title={title} closeLabel={t('terms.close')} onClose={onClose} className="terms-sheet">
      {loaded.state === 'loading' ? (
        <p className="terms-sheet__status" role="status">
          {t('terms.loading')}
        </p>
      ) : loaded.state === 'failed' ? (
        <div className="terms-sheet__status" role="alert">
          <p>{loaded.message}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setLoaded({ state: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            {t('terms.retry')}
          </Button>
        </div>
      ) : (
        <div className="terms-sheet__text" lang={loaded.terms.language} tabIndex={0} aria-label={title}>
          {text.split(/\n\s*\n/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      )}
    </BottomSheet>
  );
}
