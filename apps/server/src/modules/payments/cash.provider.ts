import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * Cash on delivery: the courier or the counter takes the money, so no provider does. The intent
 * waits until the merchant settles it with the order it pays (completed: paid; cancelled or
 * returned: cancelled), whatever its expiry says, and no message ever comes about it.
 */
export function cashOnDeliveryProvider(): PaymentProvider {
  return {
    name: 'cash',
    publicKey: null,
    methods: ['cash_on_delivery'],
    createCharge: async ({ intent }) => {
      if (intent.method !== 'cash_on_delivery') throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      return { providerReference: `cod_${intent.id}`, instructions: { kind: 'cash_on_delivery' } };
    },
    parseWebhook: () => {
      throw new AppError('NOT_FOUND', { message: 'Cash on delivery has no webhook' });
    },
    queryStatus: async ({ intent }) => ({ status: 'waiting_payment', amountMinor: intent.amountMinor, currency: intent.currency, failureReason: null, payload: { intentId: intent.id } }),
  };
}
