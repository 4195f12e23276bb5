import { createHash, timingSafeEqual } from 'node:crypto';
import { Configuration, PaymentRequest as PaymentRequestClient } from 'xendit-node';
import type {
  EWalletChannelCode,
  PaymentMethodParameters,
  PaymentRequest,
  PaymentRequestParameters,
  VirtualAccountChannelCode,
} from 'xendit-node/payment_request/models';
import { z } from 'zod';
import { paymentInstructionsSchema, type PaymentInstructions, type PaymentMethod, type PaymentStatus } from '@kartu/contracts';
import { isUuid } from '../../../db/uuid.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { PaymentCharge, PaymentEvent, PaymentProvider, PaymentStatusAnswer, WebhookHeaders } from '../payment-provider.ts';
import { paymentReturnPath } from '../payment-return.ts';
import type { PaymentIntentRow } from '../payments.table.ts';
import { amountMinorOf, xenditAmount } from './xendit.amounts.ts';
import { xenditFailureReason } from './xendit.failure-reasons.ts';
import { cardChargeAnswer, createCardCharge, getCardCharge, statusOfCardCharge } from './xendit.card-charges.ts';
import { XenditAnswerError, type XenditApi } from './xendit.http.ts';
import { createInvoice, defaultInvoiceEwallets, findInvoiceOf, getInvoice, invoiceAnswer, invoiceEvent, isInvoiceCallback } from './xendit.invoices.ts';

export { XenditAnswerError } from './xendit.http.ts';

/*
 * Xendit through its Payments API as the xendit-node 7 SDK speaks it: Payment Requests v1
 * (`POST /payment_requests`, `GET /payment_requests/{id}`, `GET /payment_requests?reference_id=`),
 * whose payment callbacks are `payment.succeeded` and `payment.failed`, and whose one-time payment
 * methods report their expiry as `payment_method.expired`. Xendit's later `/v3/payment_requests`
 * (api-version 2024-11-11) is not in this SDK and not followed here.
 *
 * A card the member's browser tokenised with the public key (`POST /v2/credit_card_tokens`, a
 * multiple-use token) is charged through Xendit's card API, which the SDK has no client for:
 * `POST /credit_card_charges` with the token, settled in its answer, and `GET /credit_card_charges/{id}`
 * when asked again. A saved card's payment method id (`pm-…`) still goes through a payment request.
 *
 * An e-wallet payment goes through an Invoice (xendit.invoices.ts): Xendit's page lets the member
 * pick their own e-wallet, where a payment request names one. Given `ewalletChannel`, a payment
 * request sends every member to that e-wallet instead.
 */

export const xenditCallbackTokenHeader = 'x-callback-token';

const defaultBaseUrl = 'https://api.xendit.co';
const defaultTimeoutMs = 10_000;

export interface XenditProviderOptions {
  /** The secret API key (`xnd_development_…` or `xnd_production_…`): Basic auth on every call. */
  secretKey: string;
  /** The webhook verification token of the Xendit dashboard, sent back as `x-callback-token`. */
  callbackToken: string;
  baseUrl?: string;
  /** How long one call to Xendit may take before the charge fails. */
  timeoutMs?: number;
  /** The public key the member's browser tokenises cards with; with it, browsers tokenise at `baseUrl`. */
  publicKey?: string;
  virtualAccountBank?: VirtualAccountChannelCode;
  /**
   * The one e-wallet every member is sent to, through a payment request (one that finishes on a
   * redirect page). Without it, an invoice lets the member pick among `invoiceEwallets`.
   */
  ewalletChannel?: EWalletChannelCode;
  /** The e-wallets an e-wallet invoice offers, as Xendit names them; OVO, DANA, ShopeePay, LinkAja and AstraPay by default. */
  invoiceEwallets?: readonly string[];
  /** The name the payer's bank shows for a virtual account. */
  virtualAccountName?: string;
}

type SettledStatus = Exclude<PaymentStatus, 'pending'>;

/** A payment request's status in our terms; anything not listed is still open. */
const statusOfRequest: Readonly<Record<string, SettledStatus>> = {
  SUCCEEDED: 'paid',
  FAILED: 'failed',
  EXPIRED: 'expired',
  CANCELED: 'cancelled',
  VOIDED: 'cancelled',
};

const statusOfEvent: Readonly<Record<string, SettledStatus>> = {
  'payment.succeeded': 'paid',
  'payment.failed': 'failed',
  'payment.expired': 'expired',
  'payment_method.expired': 'expired',
  'payment_request.expiry': 'expired',
};

export const xenditMethods = ['virtual_account', 'qris', 'ewallet', 'credit_card'] as const satisfies readonly PaymentMethod[];

/**
 * The SDK's payment request client with a time limit on every call. xendit-node 7 takes a base URL
 * (`xenditURL`) but neither a fetch nor an AbortSignal per call, so this subclass replaces the
 * configuration it built with one whose fetch gives up after `timeoutMs`.
 */
class TimedPaymentRequestClient extends PaymentRequestClient {
  constructor({ secretKey, baseUrl, timeoutMs }: { secretKey: string; baseUrl: string; timeoutMs: number }) {
    super({ secretKey, xenditURL: baseUrl });
    this.configuration = new Configuration({
      basePath: baseUrl,
      fetchApi: (url: string | URL | Request, init?: RequestInit) => fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    });
  }
}

function requireReturnUrl(returnUrl: string | undefined): string {
  if (returnUrl === undefined) throw new Error('Xendit e-wallet and card pages need a return URL: the member has to come back');
  return returnUrl;
}

function paymentMethodFor(intent: PaymentIntentRow, options: XenditProviderOptions, returnUrl: string | undefined): PaymentMethodParameters {
  // The payment method carries our id too: its expiry callback names it, not the payment request.
  const base = { reusability: 'ONE_TIME_USE', referenceId: intent.id } as const;
  const byMethod: Record<PaymentMethod, () => PaymentMethodParameters> = {
    virtual_account: () => ({
      ...base,
      type: 'VIRTUAL_ACCOUNT',
      virtualAccount: {
        channelCode: options.virtualAccountBank ?? 'BNI',
        channelProperties: { customerName: options.virtualAccountName ?? 'Kartu', expiresAt: intent.expiresAt },
      },
    }),
    qris: () => ({ ...base, type: 'QR_CODE', qrCode: { channelCode: 'QRIS', channelProperties: { expiresAt: intent.expiresAt } } }),
    ewallet: () => {
      const url = requireReturnUrl(returnUrl);
      return {
        ...base,
        type: 'EWALLET',
        ewallet: { channelCode: options.ewalletChannel ?? 'DANA', channelProperties: { successReturnUrl: url, failureReturnUrl: url, cancelReturnUrl: url } },
      };
    },
    credit_card: () => {
      const url = requireReturnUrl(returnUrl);
      return { ...base, type: 'CARD', card: { channelProperties: { successReturnUrl: url, failureReturnUrl: url, expiresAt: intent.expiresAt } } };
    },
    manual_transfer: () => notTaken(intent.method),
    cash_on_delivery: () => notTaken(intent.method),
  };
  return byMethod[intent.method]();
}

function notTaken(method: PaymentMethod): never {
  throw new AppError('UNPROCESSABLE', { message: `Xendit does not take ${method} payments here` });
}

/** The page the member finishes on: the web one first, then the phone's. */
function redirectUrlOf(request: PaymentRequest): string | undefined {
  const actions = request.actions ?? [];
  for (const urlType of ['WEB', 'MOBILE', 'DEEPLINK'] as const) {
    const action = actions.find((candidate) => candidate.urlType === urlType && candidate.url);
    if (action?.url) return action.url;
  }
  return undefined;
}

function instructionsOf(request: PaymentRequest, method: PaymentMethod): PaymentInstructions {
  const { virtualAccount, qrCode } = request.paymentMethod ?? {};
  const candidate: Partial<Record<PaymentMethod, unknown>> = {
    virtual_account: { kind: 'virtual_account', bank: virtualAccount?.channelCode, accountNumber: virtualAccount?.channelProperties?.virtualAccountNumber },
    qris: { kind: 'qris', qrString: qrCode?.channelProperties?.qrString },
    ewallet: { kind: 'redirect', url: redirectUrlOf(request) },
    credit_card: { kind: 'redirect', url: redirectUrlOf(request) },
  };
  const read = paymentInstructionsSchema.safeParse(candidate[method]);
  if (!read.success) throw new Error(`Xendit answered payment request ${request.id} without the ${method} instructions`);
  return read.data;
}

function requestPayload(request: PaymentRequest): Record<string, unknown> {
  return {
    id: request.id,
    reference_id: request.referenceId,
    status: request.status,
    amount: request.amount ?? null,
    currency: request.currency,
    failure_code: request.failureCode ?? null,
  };
}

function answerOf(request: PaymentRequest, status: SettledStatus): PaymentStatusAnswer {
  return {
    status,
    amountMinor: amountMinorOf(request.amount),
    currency: request.currency,
    failureReason: status === 'failed' ? xenditFailureReason(request.failureCode) : null,
    payload: requestPayload(request),
  };
}

/** A card intent charged through the card API carries the charge's id; a payment request's starts `pr-`. */
function isCardChargeReference(intent: PaymentIntentRow): intent is PaymentIntentRow & { providerReference: string } {
  return intent.method === 'credit_card' && intent.providerReference !== null && !intent.providerReference.startsWith('pr-');
}

/** An e-wallet intent paid through an invoice carries the invoice's id; a payment request's starts `pr-`. */
function isInvoiceReference(intent: PaymentIntentRow): intent is PaymentIntentRow & { providerReference: string } {
  return intent.method === 'ewallet' && intent.providerReference !== null && !intent.providerReference.startsWith('pr-');
}

function hasCallbackToken(expected: string, headers: WebhookHeaders): boolean {
  const given = headers[xenditCallbackTokenHeader];
  if (typeof given !== 'string') return false;
  const givenBytes = Buffer.from(given);
  const expectedBytes = Buffer.from(expected);
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}

const callbackSchema = z.object({
  event: z.string().min(1).max(100),
  data: z.object({
    id: z.string().min(1).max(200).optional(),
    // A payment method saved for later (a card on file) may carry none: it is not an intent's.
    reference_id: z.string().min(1).max(200).optional(),
    status: z.string().max(50).optional(),
    reusability: z.string().max(50).optional(),
    amount: z.number().nonnegative().nullish(),
    currency: z.string().max(3).nullish(),
    failure_code: z.string().max(200).nullish(),
  }),
});

/**
 * What a callback settles: null for one that settles no payment of ours (`payment.pending`,
 * `payment_method.activated`, a saved card's own callbacks, a reference that is not an intent id).
 */
function settlementOf({ event, data }: z.output<typeof callbackSchema>): { status: SettledStatus; intentId: string } | null {
  const status = statusOfEvent[event] ?? (data.status === undefined ? undefined : statusOfRequest[data.status]);
  if (!status) return null;
  // Our payment methods are one-time: a reusable one's expiry ends a saved card, not a payment.
  if (event.startsWith('payment_method.') && data.reusability !== undefined && data.reusability !== 'ONE_TIME_USE') return null;
  if (data.reference_id === undefined) throw new AppError('VALIDATION_FAILED', { message: `The Xendit event ${event} names no reference_id` });
  return isUuid(data.reference_id) ? { status, intentId: data.reference_id } : null;
}

function notACallback(): AppError {
  return new AppError('VALIDATION_FAILED', { message: 'This is not a Xendit payment callback' });
}

function readJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw notACallback();
  }
}

/** A Payments API callback (`payment.succeeded`…) in our terms; null when it settles nothing of ours. */
function paymentsApiEvent(payload: unknown, rawBody: string): PaymentEvent | null {
  const read = callbackSchema.safeParse(payload);
  if (!read.success) throw notACallback();
  const settlement = settlementOf(read.data);
  if (!settlement) return null;
  const { event, data } = read.data;
  const { status, intentId } = settlement;
  return {
    // Xendit sends the same body again on a retry; its callbacks carry no id of their own.
    providerEventId: data.id ? `${event}:${data.id}` : `body:${createHash('sha256').update(rawBody).digest('hex')}`,
    intentId,
    kind: status,
    status,
    amountMinor: amountMinorOf(data.amount),
    currency: data.currency ?? null,
    failureReason: status === 'failed' ? xenditFailureReason(data.failure_code) : null,
    payload: payload as Record<string, unknown>,
  };
}

/**
 * Xendit's payments behind our provider interface: virtual accounts, QRIS and cards through
 * payment requests, each carrying our intent id as its `reference_id`; e-wallets through invoices,
 * carrying it as their `external_id`.
 */
export function xenditProvider(options: XenditProviderOptions): PaymentProvider {
  const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const client = new TimedPaymentRequestClient({ secretKey: options.secretKey, baseUrl, timeoutMs });
  const api: XenditApi = { baseUrl, secretKey: options.secretKey, timeoutMs };
  const invoiceEwallets = options.invoiceEwallets ?? defaultInvoiceEwallets;

  async function createRequest(intent: PaymentIntentRow, data: Omit<PaymentRequestParameters, 'referenceId' | 'amount' | 'currency'>): Promise<PaymentRequest> {
    const amount = xenditAmount(intent);
    // The intent id as idempotency key: a retried call answers the request already made.
    return client.createPaymentRequest({ idempotencyKey: intent.id, data: { ...data, referenceId: intent.id, amount, currency: 'IDR' } });
  }

  /** A saved card charged at once: settled in the answer unless the bank asks the member to confirm. */
  async function chargeCard(intent: PaymentIntentRow, cardToken: string, returnUrl: string | undefined): Promise<PaymentCharge> {
    if (intent.method !== 'credit_card') throw new AppError('UNPROCESSABLE', { message: 'Only a card payment takes a saved card' });
    const request = await createRequest(intent, {
      paymentMethodId: cardToken,
      ...(returnUrl !== undefined && { channelProperties: { successReturnUrl: returnUrl, failureReturnUrl: returnUrl } }),
    });
    const status = statusOfRequest[request.status];
    // Settled in the answer, nothing waits at Xendit: the member follows the payment on its own page.
    const url = redirectUrlOf(request) ?? returnUrl ?? paymentReturnPath(intent.id);
    const charge = { providerReference: request.id, instructions: { kind: 'redirect', url } } as const;
    if (status !== 'paid' && status !== 'failed') return charge;
    return { ...charge, settled: { ...answerOf(request, status), providerEventId: `charge:${request.id}:${request.status}` } };
  }

  /**
   * A card the member's browser tokenised, charged at once: Xendit captures it or declines it in its
   * answer. The token is a multiple-use one, so the same call charges it again for a renewal.
   */
  async function chargeCardToken(intent: PaymentIntentRow, tokenId: string, returnUrl: string | undefined): Promise<PaymentCharge> {
    if (intent.method !== 'credit_card') throw new AppError('UNPROCESSABLE', { message: 'Only a card payment takes a card token' });
    const amount = xenditAmount(intent);
    const charge = await createCardCharge(api, { token_id: tokenId, external_id: intent.id, amount, currency: 'IDR' });
    if ((charge.external_id ?? intent.id) !== intent.id) throw new XenditAnswerError(200, `answered the charge of another payment: ${String(charge.external_id)}`);
    const status = statusOfCardCharge[charge.status];
    // Nothing for the member to do at Xendit: they come back to the app's page for the payment.
    const made = { providerReference: charge.id, instructions: { kind: 'redirect', url: returnUrl ?? paymentReturnPath(intent.id) } } as const;
    if (status !== 'paid' && status !== 'failed') return made;
    const settled = { ...cardChargeAnswer(charge, status), providerEventId: `card_charge:${charge.id}:${charge.status}` };
    return { ...made, settled, ...(status === 'paid' && { reusableCardToken: tokenId }) };
  }

  /** An e-wallet payment on an invoice's page, where the member picks their e-wallet. */
  async function chargeByInvoice(intent: PaymentIntentRow, returnUrl: string | undefined, now: Date): Promise<PaymentCharge> {
    const invoice = await createInvoice(api, { intent, amount: xenditAmount(intent), channels: invoiceEwallets, returnUrl, now });
    return { providerReference: invoice.id, instructions: { kind: 'redirect', url: invoice.invoice_url } };
  }

  /** An invoice's status, found by its id or, when the charge was never recorded, by our id. */
  async function invoiceStatus(intent: PaymentIntentRow): Promise<PaymentStatusAnswer | undefined> {
    const invoice = isInvoiceReference(intent) ? await getInvoice(api, intent.providerReference) : await findInvoiceOf(api, intent.id);
    if (!invoice) return undefined;
    if (invoice.external_id !== intent.id) throw new XenditAnswerError(200, `answered the invoice of another payment: ${invoice.external_id}`);
    return invoiceAnswer(invoice);
  }

  async function findRequest(intent: PaymentIntentRow): Promise<PaymentRequest | undefined> {
    if (intent.providerReference) return client.getPaymentRequestByID({ paymentRequestId: intent.providerReference });
    // The charge was never recorded (a message won the race, or the answer was lost): look it up by our id.
    const { data } = await client.getAllPaymentRequests({ referenceId: [intent.id], limit: 1 });
    return data[0];
  }

  return {
    name: 'xendit',
    publicKey: options.publicKey ?? null,
    // Browsers get a card's multiple-use token from the same API with the public key.
    ...(options.publicKey && { tokenizationUrl: baseUrl }),
    methods: xenditMethods,
    // The callback token says the message comes from Xendit, and nothing about what it says.
    confirmsReportedStatus: true,
    createCharge: async ({ intent, cardToken, returnUrl, now }) => {
      // A saved card's payment method is charged through a payment request; a browser's token through the card API.
      if (cardToken?.startsWith('pm-')) return chargeCard(intent, cardToken, returnUrl);
      if (cardToken !== undefined) return chargeCardToken(intent, cardToken, returnUrl);
      if (intent.method === 'ewallet' && options.ewalletChannel === undefined) return chargeByInvoice(intent, returnUrl, now);
      const paymentMethod = paymentMethodFor(intent, options, returnUrl);
      const request = await createRequest(intent, { paymentMethod });
      return { providerReference: request.id, instructions: instructionsOf(request, intent.method) };
    },
    parseWebhook: ({ rawBody, headers }): PaymentEvent | null => {
      // The token is checked before the body is read: a forged message is never parsed.
      if (!hasCallbackToken(options.callbackToken, headers)) throw new AppError('PAYMENT_SIGNATURE_INVALID');
      const payload = readJson(rawBody);
      return isInvoiceCallback(payload) ? invoiceEvent(payload) : paymentsApiEvent(payload, rawBody);
    },
    queryStatus: async ({ intent, now }) => {
      // An e-wallet payment is an invoice's, unless it was made when the deployment named one e-wallet.
      if (intent.method === 'ewallet' && (isInvoiceReference(intent) || intent.providerReference === null)) {
        const answer = await invoiceStatus(intent);
        if (answer) return answer;
      }
      if (isCardChargeReference(intent)) {
        const charge = await getCardCharge(api, intent.providerReference);
        if ((charge.external_id ?? intent.id) !== intent.id) throw new XenditAnswerError(200, `answered the status of another payment: ${String(charge.external_id)}`);
        return cardChargeAnswer(charge, statusOfCardCharge[charge.status] ?? 'waiting_payment');
      }
      const request = await findRequest(intent);
      if (!request) {
        // Xendit never made a request for it: nobody can pay it, so it ends with its time to pay.
        const status = intent.expiresAt.getTime() <= now.getTime() ? 'expired' : 'waiting_payment';
        return { status, amountMinor: null, currency: null, failureReason: null, payload: { reference_id: intent.id, found: false } };
      }
      return answerOf(request, statusOfRequest[request.status] ?? 'waiting_payment');
    },
  };
}
