import type { Ref } from 'react';
import './forms.css';

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
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        className="text-input"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
