import { lazy, Suspense, useState, type Ref } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { filterPhoneKey } from '@kartu/core';
import { FormField } from './form-field.tsx';
import type { Region } from './starting-region.ts';

// The picker lists every country of the phone metadata: it downloads when a member reaches for it.
const loadRegionPicker = () => import('./region-picker.tsx');
const RegionPicker = lazy(() => loadRegionPicker().then((module) => ({ default: module.RegionPicker })));

export type PhoneInputProps = {
  id: string;
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  region: Region;
  onRegionChange: (region: Region) => void;
  /** Already translated; shown under the field and read with it. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** A phone number with its dialing code; the code button opens the region picker. */
export function PhoneInput({ id, name, label, value, onChange, onBlur, region, onRegionChange, error, inputRef }: PhoneInputProps) {
  const { t } = useTranslation('auth');
  const [picking, setPicking] = useState(false);

  return (
    <>
      <FormField id={id} label={label} error={error}>
        {(control) => (
          <div className="phone-input">
            <button
              type="button"
              className="phone-input__region"
              aria-haspopup="dialog"
              aria-label={t('region.change', { region: region.name, dialCode: region.dialCode })}
              onClick={() => setPicking(true)}
              onPointerEnter={() => void loadRegionPicker()}
              onFocus={() => void loadRegionPicker()}
            >
              +{region.dialCode}
            </button>
            <input
              ref={inputRef}
              {...control}
              name={name}
              className="text-input"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              value={value}
              // spec: app-core §5: phone inputs allow digits, + and = only.
              onKeyDown={(event) => {
                if (!event.ctrlKey && !event.metaKey && !event.altKey && !filterPhoneKey(event.key)) event.preventDefault();
              }}
              onChange={(event) => onChange(event.target.value.replace(/[^\d+=]/g, ''))}
              onBlur={onBlur}
            />
          </div>
        )}
      </FormField>
      {picking ? (
        <Suspense fallback={null}>
          <RegionPicker
            selectedCode={region.code}
            onClose={() => setPicking(false)}
            onSelect={(next) => {
              onRegionChange(next);
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
