import type { Ref } from 'react';
import type { BillCategory } from '@kartu/contracts';
import { mobileOperatorOf } from '@kartu/core/mobile-operator';
import { FormField } from '../../../components/forms/form-field.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { billKinds, isPhoneNumberKind, providerName, typedCustomerNumber } from '../bill-kinds.ts';

export interface CustomerNumberFieldProps {
  id: string;
  category: BillCategory;
  value: string;
  onChange: (value: string) => void;
  /** Already translated. */
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The number the bill or product is for, labelled as the kind calls it, with the keyboard it needs:
 * a phone (its operator shown as it is typed), a meter number, a customer ID, a BPJS virtual
 * account. Under it the kind's notes: closing hours and verification times (business-rules §9).
 */
export function CustomerNumberField({ id, category, value, onChange, error, inputRef }: CustomerNumberFieldProps) {
  const { t } = useTranslation('bills');
  const kind = billKinds[category];
  const phone = isPhoneNumberKind(kind.number);
  const operator = kind.detectsOperator ? mobileOperatorOf(value) : null;
  const hintId = `${id}-hint`;
  const notesId = `${id}-notes`;
  const hint = t(`number.${kind.number}.hint`);
  return (
    <FormField
      id={id}
      label={t(`number.${kind.number}.label`)}
      error={error}
      announceError
      describedBy={[hintId, kind.notes.length > 0 ? notesId : null].filter(Boolean).join(' ')}
      hint={
        <>
          <p id={hintId} className="field__hint muted">
            {hint}
          </p>
          {kind.detectsOperator ? (
            // Said as it changes, so a member who cannot see it hears the operator the number belongs to.
            <p className="bill-operator" aria-live="polite">
              {operator ? t('operator.detected', { operator: providerName(operator) }) : ''}
            </p>
          ) : null}
          {kind.notes.length > 0 ? (
            <ul id={notesId} className="bill-notes">
              {kind.notes.map((note) => (
                <li key={note}>{t(`notes.${note}`)}</li>
              ))}
            </ul>
          ) : null}
        </>
      }
    >
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          className="text-input"
          type={phone ? 'tel' : 'text'}
          inputMode={phone ? 'tel' : 'numeric'}
          autoComplete={phone ? 'tel-national' : 'off'}
          maxLength={24}
          value={value}
          onChange={(event) => onChange(typedCustomerNumber(kind.number, event.target.value))}
        />
      )}
    </FormField>
  );
}
