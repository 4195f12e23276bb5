import type { Ref } from 'react';
import { filterPhoneKey } from '@kartu/core';
import { FormField } from '../../../components/forms/form-field.tsx';

/**
 * The recipient's phone: an address in Indonesia takes an Indonesian number, so the dialing code is
 * shown before the number as a fixed prefix, not as the sign-in form's region picker (which the
 * first page's script carries, and which stays as it is).
 */
export function RecipientPhoneInput({
  id,
  name,
  label,
  dialCode,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: {
  id: string;
  name: string;
  label: string;
  dialCode: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const prefixId = `${id}-code`;
  return (
    <FormField id={id} label={label} error={error} describedBy={prefixId}>
      {(control) => (
        <div className="phone-input">
          <span id={prefixId} className="phone-input__region address-phone__code">
            +{dialCode}
          </span>
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
  );
}
