import { useState } from 'react';
import { useLocation } from 'react-router';
import type { PaymentAnswer } from '@kartu/contracts';
import { isFinalPaymentStatus } from '../../lib/payment-polling.ts';

/** What the payment return page hands the page it sends the member on to: they come from the provider's page. */
export const backFromProviderState = { backFromProvider: true } as const;

function isBackFromProvider(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { backFromProvider?: unknown }).backFromProvider === true;
}

/**
 * Whether a page that follows a payment among other things (an order's) opens the failure dialog:
 * when the member saw the payment fail there, or came back failed from the provider's page. An
 * old failure looked up later is told by the page itself, without a dialog.
 */
export function usePaymentFailureDialog(payment: Pick<PaymentAnswer, 'id' | 'status'> | null | undefined): { open: boolean; close: () => void } {
  const location = useLocation();
  const [followed, setFollowed] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  // Remembered from an earlier render: the payment was still open while the page showed it.
  if (payment && followed !== payment.id && !isFinalPaymentStatus(payment.status)) setFollowed(payment.id);
  const told = payment?.id === followed || isBackFromProvider(location.state);
  return { open: payment?.status === 'failed' && told && closed !== payment.id, close: () => setClosed(payment?.id ?? null) };
}
