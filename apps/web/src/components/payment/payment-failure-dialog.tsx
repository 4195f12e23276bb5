import { paymentFailureReasons, type PaymentFailureReason } from '@kartu/contracts';
import { useTranslation } from '../../lib/i18n.tsx';
import { Button } from '../ui/button.tsx';
import { ModalDialog } from '../ui/modal-dialog.tsx';

function isKnownReason(reason: string | null): reason is PaymentFailureReason {
  return (paymentFailureReasons as readonly (string | null)[]).includes(reason);
}

/**
 * The catalogue key (payments namespace) of why a payment failed: the server reads every provider's
 * codes onto the reasons of the contracts; one it adds later, or none, reads 'payment failed'.
 */
export function failureReasonKey(reason: string | null): string {
  return `failure.reason.${isKnownReason(reason) ? reason : 'failed'}`;
}

export interface PaymentFailureDialogProps {
  /** The payment's `failureReason`; unknown or null reads 'payment failed'. */
  failureReason: string | null;
  /** Starts the payment again (the subscribe page, the cart). */
  onTryAgain: () => void;
  /** Closes the dialog; Escape does the same. */
  onClose: () => void;
}

/** spec: app-core §8 subscription payment: 'Failure modal shown and the error response kept'; an order's too. */
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
