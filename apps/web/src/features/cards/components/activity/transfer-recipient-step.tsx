import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { phoneIdentifier, phoneProblem } from '../../../../components/forms/phone-rules.ts';
import { PhoneInput } from '../../../../components/forms/phone-input.tsx';
import type { Region } from '../../../../components/forms/regions.ts';
import { ApiError, describeApiError, fieldMessagesOf } from '../../../../lib/api-client.ts';
import { useTransferPreview, type TransferPreview, type TransferRecipient } from '../../api/transfer-preview.ts';
import { Button } from '../../../../components/ui/button.tsx';

export type ChosenRecipient = { recipient: TransferRecipient; preview: TransferPreview };

export type TransferRecipientStepProps = {
  cardId: string;
  phone: string;
  onPhoneChange: (phone: string) => void;
  region: Region;
  onRegionChange: (region: Region) => void;
  /** Set when a later step learnt that the recipient can no longer receive. */
  initialError?: string;
  onFound: (chosen: ChosenRecipient) => void;
};

/** Step 1: whose card receives the points, found by phone number and shown masked before anything moves. */
export function TransferRecipientStep({ cardId, phone, onPhoneChange, region, onRegionChange, initialError, onFound }: TransferRecipientStepProps) {
  const { t } = useTranslation('cards');
  const phoneId = useId();
  const phoneRef = useRef<HTMLInputElement>(null);
  const [phoneError, setPhoneError] = useState<string | undefined>(initialError);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useTransferPreview();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const invalid = phoneProblem(phone, region);
    setPhoneError(invalid ? t(`activity.transfer.${invalid}`) : undefined);
    if (invalid) return phoneRef.current?.focus();
    const { identifierValue, countryCode } = phoneIdentifier(phone, region.dialCode);
    const recipient: TransferRecipient = { phone: identifierValue, countryCode };
    preview.mutate(
      { cardId, recipient },
      {
        onSuccess: (answer) => onFound({ recipient, preview: answer }),
        onError: (error) => {
          const fieldMessage =
            error instanceof ApiError && error.code === 'RECIPIENT_NOT_FOUND' ? t('activity.transfer.recipientNotFound') : fieldMessagesOf(error).phone;
          if (!fieldMessage) return setProblem(describeApiError(error));
          setPhoneError(fieldMessage);
          phoneRef.current?.focus();
        },
      },
    );
  };

  return (
    <form className="stack" noValidate onSubmit={submit} aria-labelledby={`${phoneId}-title`}>
      <h2 id={`${phoneId}-title`} className="activity-step__title">
        {t('activity.transfer.recipientTitle')}
      </h2>
      <p className="muted">{t('activity.transfer.recipientText')}</p>
      <PhoneInput
        id={phoneId}
        label={t('activity.transfer.phoneLabel')}
        value={phone}
        onChange={onPhoneChange}
        region={region}
        onRegionChange={onRegionChange}
        error={phoneError}
        inputRef={phoneRef}
      />
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" loading={preview.isPending}>
        {preview.isPending ? t('activity.transfer.finding') : t('activity.transfer.next')}
      </Button>
    </form>
  );
}
