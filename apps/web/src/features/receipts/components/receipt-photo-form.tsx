import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { receiptContentTypes, type Receipt } from '@kartu/contracts';
import { IMAGE_MAX_MB } from '@kartu/core/constants';
import { Icon } from '../../../components/layout/icons.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { focusHeading } from '../../../components/ui/focus-heading.ts';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSendReceipt } from '../api/send-receipt.ts';
import { checkReceiptImage, type ReceiptImageProblem } from '../receipt-image.ts';

const CameraIcon = () => (
  <Icon>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 011 1v10a1 1 0 01-1 1H4a1 1 0 01-1-1V9a1 1 0 011-1z" />
    <circle cx="12" cy="13.5" r="3.5" />
  </Icon>
);
const PictureIcon = () => (
  <Icon>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </Icon>
);

/** The chosen photo, checked, and the address its preview is drawn from (none where the browser makes none). */
interface ChosenPhoto {
  image: Blob;
  preview: string | null;
}

function chosenPhoto(image: Blob): ChosenPhoto {
  return { image, preview: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(image) : null };
}

export interface ReceiptPhotoFormProps {
  cardId: string;
  /** The campaign's code from the address; none sends to the card program's own review. */
  code: string | undefined;
  onSent: (receipt: Receipt) => void;
  /** Back from a receipt sent: the form's heading takes focus, where the member left off. */
  focusOnOpen?: boolean;
}

/**
 * The receipt's photo, taken with the camera or chosen from the phone, previewed, checked (spec:
 * business-rules §5 png, jpg or jpeg, at most 10 MB) and sent as it is.
 */
export function ReceiptPhotoForm({ cardId, code, onSent, focusOnOpen = false }: ReceiptPhotoFormProps) {
  const { t } = useTranslation('receipts');
  const headingId = useId();
  const hintId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<ChosenPhoto | null>(null);
  const [problem, setProblem] = useState<ReceiptImageProblem | null>(null);
  const send = useSendReceipt(cardId);

  useEffect(() => {
    if (focusOnOpen && headingRef.current) focusHeading(headingRef.current);
  }, [focusOnOpen]);
  // The preview's memory is released once another photo is chosen, or the form goes away.
  useEffect(() => {
    const preview = chosen?.preview;
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [chosen]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied, so the same photo chosen again (after a refusal) is read again.
    event.target.value = '';
    if (!file) return;
    send.reset();
    const checked = checkReceiptImage(file);
    setProblem(checked.problem);
    setChosen(checked.image ? chosenPhoto(checked.image) : null);
  };

  const submit = () => {
    if (chosen) send.mutate({ image: chosen.image, code }, { onSuccess: onSent });
  };

  const error = problem ? problemText(problem, t) : send.isError ? sendErrorText(send.error, t) : null;
  const picker = (label: string, icon: ReactNode, capture: boolean) => (
    <label className={buttonClass({ variant: 'secondary', className: 'receipt-photo__picker' })}>
      <input
        className="visually-hidden"
        type="file"
        accept={receiptContentTypes.join(',')}
        capture={capture ? 'environment' : undefined}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        disabled={send.isPending}
        onChange={choose}
      />
      {icon}
      {label}
    </label>
  );

  return (
    <section className="receipt-photo" aria-labelledby={headingId}>
      <h2 ref={headingRef} id={headingId} className="receipt-photo__title">
        {t('photo.title')}
      </h2>
      <p id={hintId} className="receipt-photo__hint">
        {t('photo.hint', { mb: IMAGE_MAX_MB })}
      </p>
      <div className="receipt-photo__pickers">
        {picker(t('photo.take'), <CameraIcon />, true)}
        {picker(t('photo.choose'), <PictureIcon />, false)}
      </div>
      {chosen?.preview ? <img className="receipt-photo__preview" src={chosen.preview} alt={t('photo.previewAlt')} /> : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {chosen ? (
        <Button block onClick={submit} loading={send.isPending}>
          {t('photo.send')}
        </Button>
      ) : null}
    </section>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function problemText(problem: ReceiptImageProblem, t: Translate): string {
  return t(`photo.errors.${problem}`, { mb: IMAGE_MAX_MB });
}

/** The server's refusal in the member's words; a photo it found too big or no image reads as the checks above do. */
function sendErrorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.status === 413) return problemText('tooLarge', t);
  if (error instanceof ApiError && error.code === 'UNSUPPORTED_MEDIA_TYPE') return problemText('type', t);
  return describeApiError(error) ?? t('photo.errors.failed');
}
