import type { PaymentCheckAnswer } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { paymentOptionsFor, type PaymentsContext } from './payments.context.ts';
import { getMemberCard } from '../card-access/card-access.service.ts';

/**
 * The subaccount payment check (spec: app-core §3): a merchant without a working provider answers
 * isValid false with no methods, so the app can say payments are unavailable before the member starts.
 */
export async function checkPaymentOptions({
  db,
  payments,
  merchant,
  user,
  cardId,
}: {
  db: Database;
  payments: PaymentsContext;
  merchant: { id: number };
  user: { id: string };
  cardId: string;
}): Promise<PaymentCheckAnswer> {
  await getMemberCard({ db, merchantId: merchant.id, userId: user.id, cardId });
  try {
    const { provider, methods } = await paymentOptionsFor(db, payments, merchant.id);
    return { isValid: methods.length > 0, listPayment: [...methods], publicKey: provider.publicKey, provider: provider.name, tokenizationUrl: provider.tokenizationUrl ?? null };
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYMENT_PROVIDER_UNAVAILABLE') return { isValid: false, listPayment: [], publicKey: null, provider: null, tokenizationUrl: null };
    throw error;
  }
}
