import { describeApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import type { PaymentOptions } from '../../lib/payment-options.ts';
import { Button } from '../ui/button.tsx';

export interface PaymentOptionsNoticeProps {
  options: PaymentOptions;
  /** What the page says when the merchant takes no payments for the card (isValid false). */
  unavailable: string;
  className: string;
}

/**
 * Why the member cannot pay here: the check failed (its message from the API error catalogue, with
 * a way to ask again), or the merchant takes no payments for the card. Nothing when they can pay.
 */
export function PaymentOptionsNotice({ options, unavailable, className }: PaymentOptionsNoticeProps) {
  const { t } = useTranslation('payments');
  if (!options.data || options.data.isValid) return null;
  if (!options.isError) {
    return (
      <p className={className} role="alert">
        {unavailable}
      </p>
    );
  }
  return (
    <div className={className} role="alert">
      <p>{describeApiError(options.error) ?? unavailable}</p>
      <Button variant="secondary" onClick={options.retry}>
        {t('page.retry')}
      </Button>
    </div>
  );
}
