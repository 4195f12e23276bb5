import { useId, useState, type Ref } from 'react';
import type { Area } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { AreaLevel } from '../api/address-keys.ts';
import { useAreas } from '../api/get-areas.ts';
import { AreaSheet } from './area-sheet.tsx';

export interface AreaPickerProps {
  level: AreaLevel;
  /** The chosen area of the level above; null keeps this picker closed (spec: business-rules §5). */
  parentCode: string | null;
  value: Area | null;
  onChange: (area: Area) => void;
  onBlur?: () => void;
  /** Already translated; shown under the picker and read with it. */
  error?: string;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * One of the address form's dependent area pickers: a field-like button that opens a bottom sheet
 * with a search box over the level's list. The list loads as soon as the level above is chosen,
 * so the sheet usually opens on it at once.
 */
export function AreaPicker({ level, parentCode, value, onChange, onBlur, error: problem, buttonRef }: AreaPickerProps) {
  const { t } = useTranslation('addresses');
  const id = useId();
  const [open, setOpen] = useState(false);
  const areas = useAreas(level, parentCode);
  const waiting = level !== 'province' && parentCode === null;
  // A closed picker says which level comes first; its own problem shows once it opens.
  const error = waiting ? undefined : problem;
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [waiting ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="field area-picker">
      <span id={labelId} className="field__label">
        {t(`areas.${level}.label`)}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="text-input area-picker__button"
        aria-haspopup="dialog"
        aria-labelledby={`${labelId} ${valueId}`}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        disabled={waiting}
        onClick={() => setOpen(true)}
        onBlur={onBlur}
      >
        <span id={valueId} className={value ? 'area-picker__value' : 'area-picker__placeholder'}>
          {value ? value.name : t(`areas.${level}.choose`)}
        </span>
        <svg className="area-picker__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {waiting ? (
        <p id={hintId} className="field__hint muted">
          {t(`areas.${level}.waiting`)}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {open ? (
        <AreaSheet
          level={level}
          areas={areas}
          selectedCode={value?.code ?? null}
          onClose={() => setOpen(false)}
          onSelect={(area) => {
            setOpen(false);
            if (area.code !== value?.code) onChange(area);
          }}
        />
      ) : null}
    </div>
  );
}
