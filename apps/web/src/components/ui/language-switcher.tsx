import { useId } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Language } from '@kartu/contracts';
import { SUPPORTED_LANGUAGES } from '@kartu/core/constants';
import { intlLocaleOf, isLanguage, setLanguage, useLanguage } from '../../lib/i18n.tsx';
import './ui.css';

/** Each language is named in itself, so readers find their own whatever language is shown now. */
const languageNames: Record<Language, string> = {
  en: 'English',
  id: 'Bahasa Indonesia',
  my: 'Bahasa Melayu',
  ja: '日本語',
};

/** `compact` hides the word 'Language' visually (it stays for screen readers) where space is short. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('pages');
  const { language } = useLanguage();
  const selectId = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={selectId} className={compact ? 'visually-hidden' : undefined}>
        {t('languageSwitcher.label')}
      </label>
      <select
        id={selectId}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void setLanguage(next);
        }}
      >
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={intlLocaleOf(code)}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
