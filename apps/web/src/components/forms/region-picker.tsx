import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { filterRegions, listRegions, type Region } from './regions.ts';
import './forms.css';

export type RegionPickerProps = {
  selectedCode: string;
  onSelect: (region: Region) => void;
  onClose: () => void;
};

const focusableSelector = 'button:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside the dialog: from the last control back to the first, and the other way. */
function trapTab(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

// spec: app-core §2 Layout: the region picker modal 'Search Region' with a 'Search region...' filter.
export function RegionPicker({ selectedCode, onSelect, onClose }: RegionPickerProps) {
  const { t } = useTranslation('auth');
  const { intlLocale } = useLanguage();
  const titleId = useId();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const regions = useMemo(() => listRegions(intlLocale), [intlLocale]);
  const shown = filterRegions(regions, query);

  // Focus goes into the dialog when it opens and back to whatever opened it when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    searchRef.current?.focus();
    return () => opener?.focus();
  }, []);

  return (
    <div className="modal-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          } else trapTab(event);
        }}
      >
        <div className="modal__header">
          <h2 id={titleId}>{t('region.title')}</h2>
          <button type="button" className="modal__close" aria-label={t('region.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <label htmlFor={searchId} className="visually-hidden">
          {t('region.searchLabel')}
        </label>
        <input
          ref={searchRef}
          id={searchId}
          className="text-input"
          type="search"
          placeholder={t('region.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p className="visually-hidden" role="status">
          {t('region.resultCount', { count: shown.length })}
        </p>
        <ul className="region-list">
          {shown.map((region) => (
            <li key={region.code}>
              <button type="button" aria-pressed={region.code === selectedCode} onClick={() => onSelect(region)}>
                <span>{region.name}</span>
                <span className="muted">+{region.dialCode}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
