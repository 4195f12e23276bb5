import type { ClipboardEvent, KeyboardEvent, Ref } from 'react';
import { filterNumericKey } from '@kartu/core';
import '../ui/ui.css';
import './forms.css';

export type DigitCodeFieldProps = {
  id: string;
  label: string;
  /** The label is read by screen readers only, when a heading above already says it. */
  labelHidden?: boolean;
  length: number;
  value: string;
  onChange: (value: string) => void;
  /** Called once the last digit is in, with the whole code. */
  onComplete?: (value: string) => void;
  masked?: boolean;
  autoComplete: 'one-time-code' | 'current-password' | 'new-password';
  invalid?: boolean;
  describedBy?: string;
  readOnly?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

/**
 * A row of digit boxes backed by one real input: phones open the number pad, password managers and
 * SMS autofill see one field, and screen readers read one labelled field instead of six.
 */
export function DigitCodeField(props: DigitCodeFieldProps) {
  const { id, label, labelHidden, length, value, onChange, onComplete, masked, autoComplete } = props;
  const { invalid, describedBy, readOnly, inputRef, className } = props;

  const accept = (text: string) => {
    const digits = text.replace(/\D/g, '').slice(0, length);
    if (digits === value) return;
    onChange(digits);
    if (digits.length === length) onComplete?.(digits);
  };

  // spec: app-core §5: numeric inputs block non-digit keys (shortcuts such as Ctrl+V still work).
  const blockNonDigits = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!filterNumericKey(event.key)) event.preventDefault();
  };

  // A pasted "Your code is 123 456" keeps its digits; maxLength alone would cut it short.
  const pasteDigits = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    accept(event.clipboardData.getData('text'));
  };

  const boxes = Array.from({ length }, (_, index) => {
    const digit = value[index];
    const state = digit !== undefined ? 'is-filled' : index === value.length ? 'is-current' : '';
    return (
      <span key={index} className={`digit-code__box ${state}`}>
        {digit === undefined ? '' : masked ? '•' : digit}
      </span>
    );
  });

  return (
    <div className={`digit-code${invalid ? ' digit-code--invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : 'digit-code__label'}>
        {label}
      </label>
      <div className="digit-code__frame">
        <input
          ref={inputRef}
          id={id}
          className="digit-code__input"
          type={masked ? 'password' : 'text'}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={autoComplete}
          maxLength={length}
          value={value}
          readOnly={readOnly}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onKeyDown={blockNonDigits}
          onPaste={pasteDigits}
          onChange={(event) => accept(event.target.value)}
        />
        <div className="digit-code__boxes" aria-hidden="true">
          {boxes}
        </div>
      </div>
    </div>
  );
}
