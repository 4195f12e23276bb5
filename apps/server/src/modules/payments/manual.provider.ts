import { AppError } from '../../lib/app-error.ts';
import { openUntilExpiry, type PaymentProvider } from './payment-provider.ts';

/** The merchant's own bank account, where a manual transfer is paid. */
export interface BankAccount {
  bank: string;
  accountNumber: string;
  accountName: string;
}

/**
 * Manual bank transfer (decision 019): no provider takes the money, the member pays into the
 * merchant's own account and uploads a proof, and the merchant's review settles the intent. Made
 * per account when a merchant's payment is opened; without one it can still answer for intents
 * opened before (reconciliation), but makes no charge.
 */
export function manualProvider(account: BankAccount | null = null): PaymentProvider {
  return {
    name: 'manual',
    publicKey: null,
    methods: ['manual_transfer'],
    createCharge: async ({ intent }) => {
      if (!account || intent.method !== 'manual_transfer') throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      return { providerReference: `manual_${intent.id}`, instructions: { kind: 'manual_transfer', ...account } };
    },
    // Nobody sends messages about a transfer into the merchant's account: its review settles it.
    parseWebhook: () => {
      throw new AppError('NOT_FOUND', { message: 'Manual transfers have no webhook' });
    },
    queryStatus: async ({ intent, now }) => openUntilExpiry(intent, now),
  };
}
