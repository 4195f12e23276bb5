import type { Ref } from 'react';
import { FormField } from './form-field.tsx';
import './staff-code-field.css';

export interface StaffCodeFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  enterKeyHint: 'next' | 'done';
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An outlet's or a cashier's code, typed by staff on the member's phone at the counter: capitals,
 * no autocorrect or suggestions, at most 20 characters.
 */
export function StaffCodeField({ id, label, value, onChange, enterKeyHint, error, inputRef }: StaffCodeFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(field) => (
        <input
          ref={inputRef}
          {...field}
          className="text-input staff-code-field"
          value={value}
          maxLength={20}
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint={enterKeyHint}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
