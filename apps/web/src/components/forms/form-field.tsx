import type { ReactNode } from 'react';
import './forms.css';

/** What a field's control needs to be named by its label and read with its hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  /** The control's id; the error's is derived from it. */
  id: string;
  label: ReactNode;
  /** Already translated; shown under the control and read with it. */
  error?: string | null;
  /** Announces the error when it appears (role="alert"), for forms that do not move focus to it. */
  announceError?: boolean;
  /** Ids of other text the control is always read with, such as a hint. */
  describedBy?: string;
  /** Shown between the control and the error. */
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form field: the label, the control the caller renders, a hint, and the error. */
export function FormField({ id, label, error, announceError = false, describedBy, hint, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const describers = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describers || undefined })}
      {hint}
      {error ? (
        <p id={errorId} className="field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
