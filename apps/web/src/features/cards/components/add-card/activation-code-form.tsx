import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../../components/forms/form-field.tsx';

export interface ActivationCodeFormProps {
  failure: string | null;
  busy: boolean;
  onSubmit: (activationCode: string) => void;
  onCancel: () => void;
}

const CODE_MIN = 4;
const CODE_MAX = 16;

/** The card's activation code (PIN), asked when its program requires one (spec: business-rules §1). */
export function ActivationCodeForm({ failure, busy, onSubmit, onCancel }: ActivationCodeFormProps) {
  const { t } = useTranslation('cards');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const fieldId = useId();
  const message = invalid ? t('add.codeInvalid', { min: CODE_MIN, max: CODE_MAX }) : failure;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed.length < CODE_MIN || trimmed.length > CODE_MAX) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit(trimmed);
  };

  return (
    <form className="stack add-card__form" onSubmit={submit} noValidate>
      <FormField id={fieldId} label={t('add.codeLabel')} error={message} announceError>
        {(control) => (
          <input
            {...control}
            className="text-input"
            type="password"
            autoComplete="off"
            maxLength={CODE_MAX}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setInvalid(false);
            }}
          />
        )}
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? t('add.adding') : t('add.confirm')}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
        {t('add.otherNumber')}
      </button>
    </form>
  );
}
