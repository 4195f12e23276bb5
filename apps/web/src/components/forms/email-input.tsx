import type { Ref } from 'react';
import { FormField } from './form-field.tsx';

export type EmailInputProps = {
  id: string;
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Already translated; shown under the field and read with it. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

export function EmailInput({ id, name, label, value, onChange, onBlur, error, inputRef }: EmailInputProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <input
          ref={inputRef}
          {...control}
          name={name}
          className="text-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FormField>
  );
}
