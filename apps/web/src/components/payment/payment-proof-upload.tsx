import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { paymentProofContentTypes, type PaymentProof } from '@kartu/contracts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '@kartu/core/constants';
import { describeApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import './payment-status.css';
import { Button } from '../ui/button.tsx';
import { useUploadPaymentProof } from '../../lib/payment-proof.ts';

export interface PaymentProofUploadProps {
  paymentId: string;
  /** The latest proof the merchant has (or null): what the member is told about it. */
  proof: PaymentProof | null;
}

type Problem = 'type' | 'tooLarge' | null;

/** Why a chosen file cannot be sent, checked before any byte leaves the phone (spec business-rules §5). */
function problemOf(file: File): Problem {
  if (!(paymentProofContentTypes as readonly string[]).includes(file.type)) return 'type';
  return file.size > IMAGE_MAX_BYTES ? 'tooLarge' : null;
}

/** A chosen image and the address its preview is drawn from (none where the browser makes none). */
interface ChosenImage {
  file: File;
  preview: string | null;
}

function chosenImage(file: File): ChosenImage {
  return { file, preview: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null };
}

/**
 * Under a manual transfer's bank details: the member sends a photo or screenshot of the transfer,
 * then sees whether the merchant is checking it or could not accept it (with the merchant's note).
 */
export function PaymentProofUpload({ paymentId, proof }: PaymentProofUploadProps) {
  const { t } = useTranslation('payments');
  const inputId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const upload = useUploadPaymentProof(paymentId);
  // The preview's memory is released once another image is chosen, or the control goes away.
  useEffect(() => {
    const preview = chosen?.preview;
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [chosen]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    upload.reset();
    const found = file ? problemOf(file) : null;
    setProblem(found);
    setChosen(file && !found ? chosenImage(file) : null);
  };

  const send = () => {
    if (!chosen) return;
    upload.mutate(chosen.file, { onSuccess: () => setChosen(null) });
  };

  const error = problem ? t(`proof.errors.${problem}`, { mb: IMAGE_MAX_MB }) : upload.isError ? (describeApiError(upload.error) ?? t('proof.errors.failed')) : null;
  const status = upload.isPending ? t('proof.sending') : proof?.status === 'submitted' ? t('proof.received') : proof?.status === 'rejected' ? t('proof.rejected') : '';

  return (
    <section className="payment-proof" aria-labelledby={`${inputId}-title`}>
      <h4 id={`${inputId}-title`} className="payment-proof__title">
        {t('proof.title')}
      </h4>
      <div className="payment-proof__status" role="status" aria-live="polite">
        {status ? <p className={`payment-proof__state payment-proof__state--${proof?.status ?? 'none'}`}>{status}</p> : null}
        {!upload.isPending && proof?.status === 'submitted' ? <p className="muted">{t('proof.receivedHint')}</p> : null}
        {!upload.isPending && proof?.status === 'rejected' ? (
          <>
            {proof.note ? <p className="payment-proof__note">{t('proof.note', { note: proof.note })}</p> : null}
            <p className="muted">{t('proof.uploadAgain')}</p>
          </>
        ) : null}
      </div>
      <label htmlFor={inputId} className="payment-proof__label">
        {proof?.status === 'submitted' ? t('proof.replaceLabel') : t('proof.label')}
      </label>
      <input
        id={inputId}
        className="payment-proof__input"
        type="file"
        accept={paymentProofContentTypes.join(',')}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        disabled={upload.isPending}
        onChange={choose}
      />
      <p id={hintId} className="payment-proof__hint muted">
        {t('proof.hint', { mb: IMAGE_MAX_MB })}
      </p>
      {chosen?.preview ? <img className="payment-proof__preview" src={chosen.preview} alt={t('proof.previewAlt')} /> : null}
      {error ? (
        <p className="payment-proof__error" role="alert">
          {error}
        </p>
      ) : null}
      {chosen ? (
        <Button block onClick={send} loading={upload.isPending}>
          {t('proof.send')}
        </Button>
      ) : null}
    </section>
  );
}
