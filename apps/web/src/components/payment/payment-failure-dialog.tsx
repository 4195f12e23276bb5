import { useTranslation } from '../../lib/i18n.tsx';
import { Button } from '../ui/button.tsx';
import { ModalDialog } from '../ui/modal-dialog.tsx';

/** The failure reasons the providers give that the member is told in their own words; others read 'payment failed'. */
const knownReasons = ['card_declined', 'declined_by_sandbox', 'provider_unavailable', 'expired', 'cancelled'] as const;
type KnownReason = (typeof knownReasons)[number];

function isKnownReason(reason: string | null): reason is KnownReason {
  return (knownReasons as readonly (string | null)[]).includes(reason);
}

/** The catalogue key (payments namespace) of why a payment failed. */
export function failureReasonKey(reason: string | null): string {
  return `failure.reason.${isKnownReason(reason) ? reason : 'generic'}`;
}

export interface PaymentFailureDialogProps {
  /** The payment's `failureReason` as the server kept it; unknown or null reads 'payment failed'. */
  failureReason: string | null;
  /** Starts the payment again (the subscribe page, the cart). */
  onTryAgain: () => void;
  /** Closes the dialog; Escape does the same. */
  onClose: () => void;
}

/** spec: app-core §8 subscription payment: 'Failure modal shown and the error response kept'. */
export function PaymentFailureDialog({ failureReason, onTryAgain, onClose }: PaymentFailureDialogProps) {
  const { t } = useTranslation('payments');
  return (
    <ModalDialog role="alertdialog" title={t('failure.title')} message={t(failureReasonKey(failureReason))} onClose={onClose}>
      <Button onClick={onTryAgain} data-autofocus>
        {t('failure.tryAgain')}
      </Button>
      <Button variant="secondary" onClick={onClose}>
        {t('failure.close')}
      </Button>
    </ModalDialog>
  );
}
