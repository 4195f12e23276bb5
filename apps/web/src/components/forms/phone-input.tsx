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
  /** Already translated; shown under the field and read with it. */
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
} & (
  | {
      region: Region;
      /** The dialing code is a button that opens the region picker. */
      onRegionChange: (region: Region) => void;
    }
  | {
      /** A number of one country (an address in Indonesia): its dialing code is a fixed prefix. */
      dialCode: string;
    }
);

/** A phone number with its dialing code: a button that opens the region picker, or a fixed prefix. */
export function PhoneInput(props: PhoneInputProps) {
  const { id, name, label, value, onChange, onBlur, error, inputRef } = props;
  const { t } = useTranslation('auth');
  const [picking, setPicking] = useState(false);
  const prefixId = `${id}-code`;
  const picker = 'region' in props ? props : null;

  return (
    <>
      <FormField id={id} label={label} error={error} {...(picker ? {} : { describedBy: prefixId })}>
        {(control) => (
          <div className="phone-input">
            {picker ? (
              <button
                type="button"
                className="phone-input__region"
                aria-haspopup="dialog"
                aria-label={t('region.change', { region: picker.region.name, dialCode: picker.region.dialCode })}
                onClick={() => setPicking(true)}
                onPointerEnter={() => void loadRegionPicker()}
                onFocus={() => void loadRegionPicker()}
              >
                +{picker.region.dialCode}
              </button>
            ) : (
              <span id={prefixId} className="phone-input__region phone-input__region--fixed">
                +{'dialCode' in props ? props.dialCode : ''}
              </span>
            )}
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
      {picker && picking ? (
        <Suspense fallback={null}>
          <RegionPicker
            selectedCode={picker.region.code}
            onClose={() => setPicking(false)}
            onSelect={(next) => {
              picker.onRegionChange(next);
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
