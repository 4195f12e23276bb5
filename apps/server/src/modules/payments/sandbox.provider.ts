import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentInstructions, PaymentMethod, sandboxPaymentActions } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import { readFailureReason } from './payment-failure-reasons.ts';
import { openUntilExpiry, type PaymentEvent, type PaymentProvider, type WebhookHeaders } from './payment-provider.ts';
import type { PaymentIntentRow } from './payments.table.ts';

export const sandboxSignatureHeader = 'x-sandbox-signature';

export type SandboxAction = (typeof sandboxPaymentActions)[number];

const sandboxMessageSchema = z.object({
  id: z.string().min(1).max(100),
  intentId: z.string().max(100),
  status: z.enum(['waiting_payment', 'paid', 'failed', 'expired', 'cancelled']),
  amountMinor: z.string().regex(/^\d{1,19}$/),
  currency: z.string().max(3),
  /** One of our failure reasons (contracts paymentFailureReasons); any other reads `failed`. */
  failureReason: z.string().max(200).nullable().default(null),
});
type SandboxMessage = z.input<typeof sandboxMessageSchema>;

const statusOfAction = { pay: 'paid', fail: 'failed', expire: 'expired' } as const satisfies Record<SandboxAction, SandboxMessage['status']>;

/** A made-up VA number the same for the same intent: 8808 then 12 digits. */
function virtualAccountNumber(intentId: string): string {
  const digest = createHash('sha256').update(intentId).digest();
  return `8808${(digest.readBigUInt64BE() % 10n ** 12n).toString().padStart(12, '0')}`;
}

function sandboxInstructions(intent: PaymentIntentRow): PaymentInstructions {
  const byMethod: Record<PaymentMethod, () => PaymentInstructions> = {
    virtual_account: () => ({ kind: 'virtual_account', bank: 'SANDBOX', accountNumber: virtualAccountNumber(intent.id) }),
    qris: () => ({ kind: 'qris', qrString: `SANDBOX-QRIS|${intent.id}|${intent.amountMinor}|${intent.currency}` }),
    ewallet: () => ({ kind: 'redirect', url: `/dev/payments/${intent.id}` }),
    credit_card: () => ({ kind: 'redirect', url: `/dev/payments/${intent.id}` }),
    manual_transfer: () => ({ kind: 'manual_transfer', bank: 'SANDBOX', accountNumber: '0000123456', accountName: 'Kartu Sandbox' }),
    cash_on_delivery: () => ({ kind: 'cash_on_delivery' }),
  };
  return byMethod[intent.method]();
}

/** What the member's browser tokenises sandbox cards with: the sandbox has nothing secret about it. */
export const sandboxPublicKey = 'sandbox_public_key';

/**
 * A sandbox card token, made in the member's browser from the card's brand and last four digits
 * (the number itself never leaves it): `sandbox_card_<ok|decline>_<brand>_<last4>`.
 */
const sandboxCardToken = /^sandbox_card_(ok|decline)_([a-z]{2,12})_(\d{4})$/;

export function readSandboxCardToken(token: string): { declines: boolean; brand: string; last4: string } {
  const match = sandboxCardToken.exec(token);
  if (!match) throw new AppError('CARD_INVALID');
  const [, outcome, brand = '', last4 = ''] = match;
  return { declines: outcome === 'decline', brand, last4 };
}

export function signSandboxMessage(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function hasValidSignature(secret: string, rawBody: string, headers: WebhookHeaders): boolean {
  const given = headers[sandboxSignatureHeader];
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(signSandboxMessage(secret, rawBody), 'hex'));
}

function readMessage(rawBody: string): z.output<typeof sandboxMessageSchema> {
  try {
    return sandboxMessageSchema.parse(JSON.parse(rawBody));
  } catch {
    throw new AppError('VALIDATION_FAILED', { message: 'This is not a sandbox payment message' });
  }
}

export interface SandboxProvider extends PaymentProvider {
  /** A signed message as the sandbox would deliver it after the member's action on the development page. */
  messageFor(intent: PaymentIntentRow, action: SandboxAction): { rawBody: string; headers: WebhookHeaders };
}

/**
 * The in-app provider used outside production: charges are made up here and its messages come
 * from the development endpoints, signed like a real provider's (HMAC-SHA256 of the body).
 */
export function sandboxProvider(secret: string): SandboxProvider {
  return {
    name: 'sandbox',
    publicKey: sandboxPublicKey,
    createCharge: async ({ intent, cardToken }) => {
      const charge = { providerReference: `sandbox_${intent.id}`, instructions: sandboxInstructions(intent) };
      if (cardToken === undefined) return charge;
      const card = readSandboxCardToken(cardToken);
      const status = card.declines ? 'failed' : 'paid';
      const settled = {
        providerEventId: `sandbox_charge_${intent.id}`,
        status,
        amountMinor: intent.amountMinor,
        currency: intent.currency,
        failureReason: card.declines ? 'card_declined' : null,
        payload: { intentId: intent.id, card: `${card.brand} ${card.last4}`, status },
      } as const;
      return { ...charge, settled };
    },
    parseWebhook: ({ rawBody, headers }): PaymentEvent => {
      if (!hasValidSignature(secret, rawBody, headers)) throw new AppError('PAYMENT_SIGNATURE_INVALID');
      const message = readMessage(rawBody);
      return {
        providerEventId: message.id,
        intentId: message.intentId,
        kind: message.status,
        status: message.status,
        amountMinor: BigInt(message.amountMinor),
        currency: message.currency,
        failureReason: message.status === 'failed' ? readFailureReason(message.failureReason ?? 'failed') : null,
        payload: message,
      };
    },
    // The sandbox keeps nothing of its own: an open intent past its expiry has expired there too.
    queryStatus: async ({ intent, now }) => openUntilExpiry(intent, now),
    messageFor: (intent, action) => {
      const message: SandboxMessage = {
        id: `sandbox_evt_${randomUUID()}`,
        intentId: intent.id,
        status: statusOfAction[action],
        amountMinor: intent.amountMinor.toString(),
        currency: intent.currency,
        failureReason: action === 'fail' ? 'declined' : null,
      };
      const rawBody = JSON.stringify(message);
      return { rawBody, headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signSandboxMessage(secret, rawBody) } };
    },
  };
}
