import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { ACTIVATION_CODE_MAX_LENGTH, ACTIVATION_CODE_MIN_LENGTH } from '@kartu/core/constants';
import { FormField } from '../../../../components/forms/form-field.tsx';
import { Button } from '../../../../components/ui/button.tsx';

export interface ActivationCodeFormProps {
  failure: string | null;
  busy: boolean;
  onSubmit: (activationCode: string) => void;
  onCancel: () => void;
}

/** The card's activation code (PIN), asked when its program requires one (spec: business-rules §1). */
export function ActivationCodeForm({ failure, busy, onSubmit, onCancel }: ActivationCodeFormProps) {
  const { t } = useTranslation('cards');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const fieldId = useId();
  const message = invalid ? t('add.codeInvalid', { min: ACTIVATION_CODE_MIN_LENGTH, max: ACTIVATION_CODE_MAX_LENGTH }) : failure;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed.length < ACTIVATION_CODE_MIN_LENGTH || trimmed.length > ACTIVATION_CODE_MAX_LENGTH) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit(trimmed);
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <FormField id={fieldId} label={t('add.codeLabel')} error={message} announceError>
        {(control) => (
          <input
            {...control}
            className="text-input"
            type="password"
            autoComplete="off"
            maxLength={ACTIVATION_CODE_MAX_LENGTH}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setInvalid(false);
            }}
          />
        )}
      </FormField>
      <Button type="submit" loading={busy}>
        {busy ? t('add.adding') : t('add.confirm')}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {t('add.otherNumber')}
      </Button>
    </form>
  );
}
