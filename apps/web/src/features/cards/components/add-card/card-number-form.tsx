import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { filterNumericKey, formatCardNumber, isValidCardNumber } from '@kartu/core';
import { CARD_NUMBER_LENGTH } from '@kartu/core/constants';
import { FormField } from '../../../../components/forms/form-field.tsx';
import { Button } from '../../../../components/ui/button.tsx';

export interface CardNumberFormProps {
  cardNumber: string;
  onChange: (cardNumber: string) => void;
  /** The server's answer to the last try, shown under the field. */
  failure: string | null;
  busy: boolean;
  onFind: (cardNumber: string) => void;
}

/** spec: business-rules §5: the card number is exactly 16 digits and the field takes no more. */
export function CardNumberForm({ cardNumber, onChange, failure, busy, onFind }: CardNumberFormProps) {
  const { t } = useTranslation('cards');
  const [invalid, setInvalid] = useState(false);
  const fieldId = useId();
  const message = invalid ? t('add.numberInvalid') : failure;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidCardNumber(cardNumber)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onFind(cardNumber);
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <FormField
        id={fieldId}
        label={t('add.numberLabel')}
        error={message}
        announceError
        hint={cardNumber ? <p className="field__hint muted" aria-hidden="true">{formatCardNumber(cardNumber)}</p> : null}
      >
        {(control) => (
          <input
            {...control}
            className="text-input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={CARD_NUMBER_LENGTH}
            value={cardNumber}
            onKeyDown={(event) => {
              // spec: app-core §5: numeric inputs block non-digit keys.
              if (!event.ctrlKey && !event.metaKey && !filterNumericKey(event.key)) event.preventDefault();
            }}
            onChange={(event) => {
              onChange(event.target.value.replace(/\D/g, '').slice(0, CARD_NUMBER_LENGTH));
              setInvalid(false);
            }}
          />
        )}
      </FormField>
      <Button type="submit" loading={busy}>
        {busy ? t('add.finding') : t('add.find')}
      </Button>
    </form>
  );
}
