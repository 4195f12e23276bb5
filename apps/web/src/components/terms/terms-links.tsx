import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { TermsDocument } from './terms-sheet.tsx';

// The sheet and its styles download only when a document is opened (the landing page's script budget).
const TermsSheet = lazy(() => import('./terms-sheet.tsx').then((module) => ({ default: module.TermsSheet })));

/** "Read the Terms & Conditions and the Privacy Policy": each opens the document in a sheet. */
export function TermsLinks({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState<TermsDocument | null>(null);
  return (
    <>
      <p className={['terms-links', className].filter(Boolean).join(' ')}>
      {t('terms.before')}
      <button type="button" className="link-button" onClick={() => setOpen('terms')}>
        {t('terms.termsTitle')}
      </button>
      {t('terms.between')}
      <button type="button" className="link-button" onClick={() => setOpen('privacy')}>
        {t('terms.privacyTitle')}
      </button>
        {t('terms.after')}
      </p>
      <OpenTermsSheet document={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** The sheet of the document opened, loaded on first use; nothing while none is open. */
export function OpenTermsSheet({ document, onClose }: { document: TermsDocument | null; onClose: () => void }) {
  if (!document) return null;
  return (
    <Suspense fallback={null}>
      <TermsSheet document={document} onClose={onClose} />
    </Suspense>
  );
}
