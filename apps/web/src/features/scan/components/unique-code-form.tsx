import { useId, useState, type FormEvent } from 'react';
import type { UniqueCodeClaim } from '@kartu/contracts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useClaimUniqueCode } from '../api/claim-unique-code.ts';
import { normalisePrintedCode, PRINTED_CODE_MAX_LENGTH } from '../printed-code.ts';
import { isScanLock } from '../scan-lock.ts';

export interface UniqueCodeFormProps {
  cardId: string;
  onClaimed: (claim: UniqueCodeClaim) => void;
  /** A lock answered: the page goes to the QR-lock page. */
  onLocked: (lock: ApiError) => void;
  /** The scanner is sending a code meanwhile. */
  disabled?: boolean;
}

/**
 * 'Have a code?': the code printed on a product, typed by hand (business-rules §4 code claim
 * outcomes). A wrong code says how many tries are left; the third locks claims for 24 hours.
 */
export function UniqueCodeForm({ cardId, onClaimed, onLocked, disabled = false }: UniqueCodeFormProps) {
  const { t } = useTranslation('scan');
  const id = useId();
  const claim = useClaimUniqueCode(cardId);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) return setMissing(true);
    claim.mutate(
      { code },
      {
        onSuccess: (answer) => {
          setCode('');
          onClaimed(answer);
        },
        onError: (error) => {
          if (isScanLock(error)) onLocked(error);
        },
      },
    );
  };

  const error = claim.error;
  const problem =
    missing && !code
      ? t('code.required')
      : !error || isScanLock(error)
        ? null
        : error instanceof ApiError && error.code === 'CODE_INVALID' && error.attemptsRemaining !== undefined
          ? t('code.invalid', { count: error.attemptsRemaining })
          : describeApiError(error);

  return (
    <form className="scan-code-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="scan-code-form__title">
        {t('code.title')}
      </h2>
      <FormField id={`${id}-code`} label={t('code.label')} error={problem} announceError>
        {(field) => (
          <input
            {...field}
            className="text-input scan-code-form__input"
            value={code}
            maxLength={PRINTED_CODE_MAX_LENGTH}
            autoCapitalize="characters"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="send"
            onChange={(event) => {
              setCode(normalisePrintedCode(event.target.value));
              // A new code is a new try: the last answer's message goes.
              if (claim.error) claim.reset();
            }}
          />
        )}
      </FormField>
      <Button type="submit" block loading={claim.isPending} disabled={disabled}>
        {t('code.submit')}
      </Button>
    </form>
  );
}
