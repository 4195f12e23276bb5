import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Area } from '@kartu/contracts';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { AreaLevel } from '../api/address-keys.ts';
import { filterAreas } from '../area-search.ts';

export interface AreaSheetProps {
  level: AreaLevel;
  areas: UseQueryResult<Area[]>;
  selectedCode: string | null;
  onSelect: (area: Area) => void;
  onClose: () => void;
}

/** A level's areas in a bottom sheet: a search box (focused), how many match, and the list to choose from. */
export function AreaSheet({ level, areas, selectedCode, onSelect, onClose }: AreaSheetProps) {
  const { t } = useTranslation('addresses');
  const searchId = useId();
  const [query, setQuery] = useState('');
  // Hundreds of villages: typing stays smooth while the list catches up.
  const deferredQuery = useDeferredValue(query);
  const shown = areas.data ? filterAreas(areas.data, deferredQuery) : [];

  // Enter in the search box chooses the one area left.
  const chooseOnlyMatch = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const only = areas.data ? filterAreas(areas.data, query) : [];
    if (only.length === 1 && only[0]) onSelect(only[0]);
  };

  const list = () => {
    if (areas.isError) {
      return (
        <div className="area-sheet__problem" role="alert">
          <p>{describeApiError(areas.error) ?? t('areas.loadError')}</p>
          <Button variant="secondary" onClick={() => void areas.refetch()}>
            {t('retry')}
          </Button>
        </div>
      );
    }
    if (!areas.data) {
      return (
        <LoadingRegion label={t(`areas.${level}.loading`)} className="area-sheet__loading">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="1.25rem" width={`${60 + ((index * 13) % 35)}%`} />
          ))}
        </LoadingRegion>
      );
    }
    return (
      <>
        <p className="visually-hidden" role="status">
          {t('areas.resultCount', { count: shown.length })}
        </p>
        {shown.length === 0 ? <p className="area-sheet__none muted">{t('areas.noMatch')}</p> : null}
        <ul className="region-list area-sheet__list" aria-label={t(`areas.${level}.title`)}>
          {shown.map((area) => (
            <li key={area.code}>
              <button type="button" aria-pressed={area.code === selectedCode} onClick={() => onSelect(area)}>
                <span>{area.name}</span>
                {area.code === selectedCode ? (
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path d="M5 12l5 5L20 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </>
    );
  };

  return (
    <BottomSheet title={t(`areas.${level}.title`)} closeLabel={t('areas.close')} onClose={onClose} className="area-sheet">
      <label htmlFor={searchId} className="visually-hidden">
        {t(`areas.${level}.search`)}
      </label>
      <input
        id={searchId}
        data-autofocus
        className="text-input"
        type="search"
        autoComplete="off"
        enterKeyHint="done"
        placeholder={t(`areas.${level}.search`)}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={chooseOnlyMatch}
      />
      {list()}
    </BottomSheet>
  );
}
