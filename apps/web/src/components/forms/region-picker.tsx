import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { useLanguage } from '../../lib/i18n.tsx';
import { BottomSheet } from '../ui/bottom-sheet.tsx';
import { filterRegions, listRegions, type Region } from './regions.ts';
import './forms.css';

export type RegionPickerProps = {
  selectedCode: string;
  onSelect: (region: Region) => void;
  onClose: () => void;
};

// spec: app-core §2 Layout: the region picker modal 'Search Region' with a 'Search region...' filter.
export function RegionPicker({ selectedCode, onSelect, onClose }: RegionPickerProps) {
  const { t } = useTranslation('auth');
  const { intlLocale } = useLanguage();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const regions = useMemo(() => listRegions(intlLocale), [intlLocale]);
  const shown = filterRegions(regions, query);

  return (
    <BottomSheet title={t('region.title')} closeLabel={t('region.close')} onClose={onClose}>
        <label htmlFor={searchId} className="visually-hidden">
          {t('region.searchLabel')}
        </label>
        <input
          id={searchId}
          data-autofocus
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
    </BottomSheet>
  );
}
