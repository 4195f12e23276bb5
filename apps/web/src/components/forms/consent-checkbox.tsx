import type { Ref } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { TermsLinks } from '../terms/terms-links.tsx';
import './forms.css';

export type ConsentCheckboxProps = {
  id: string;
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

// spec: business-rules §5: terms and privacy consent; each document opens in a sheet below the box.
export function ConsentCheckbox({ id, name, checked, onChange, onBlur, error, inputRef }: ConsentCheckboxProps) {
  const { t } = useTranslation('auth');
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <div className="consent">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
        />
        <label htmlFor={id}>{t('consent.label')}</label>
      </div>
      <TermsLinks />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
