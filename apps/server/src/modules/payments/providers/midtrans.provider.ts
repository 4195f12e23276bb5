import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentFailureReason, PaymentInstructions, PaymentStatus } from '@kartu/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { failureReasonOf, type FailureCodeTable } from '../payment-failure-reasons.ts';
import type { PaymentCharge, PaymentEvent, PaymentProvider, PaymentStatusAnswer } from '../payment-provider.ts';
import { paymentReturnPath } from '../payment-return.ts';
import type { PaymentIntentRow } from '../payments.table.ts';
import { callProvider } from './provider-http.ts';

/** Midtrans's sandbox, from its public documentation; production is api.midtrans.com and app.midtrans.com. */
export const midtransSandboxCoreApiUrl = 'https://api.sandbox.midtrans.com';
export const midtransSandboxSnapUrl = 'https://app.sandbox.midtrans.com';

export const midtransVirtualAccountBanks = ['bca', 'bni', 'bri', 'permata'] as const;
export type MidtransVirtualAccountBank = (typeof midtransVirtualAccountBanks)[number];
export const midtransEwallets = ['gopay', 'shopeepay'] as const;
export type MidtransEwallet = (typeof midtransEwallets)[number];

export interface MidtransProviderOptions {
  serverKey: string;
  /** What the member's browser tokenises cards with (Midtrans's client key). */
  clientKey?: string;
  coreApiUrl?: string;
  snapUrl?: string;
  timeoutMs?: number;
  virtualAccountBank?: MidtransVirtualAccountBank;
  ewallet?: MidtransEwallet;
}

/** Midtrans's signature of a transaction notification: hex SHA-512 of these fields and the server key. */
export function midtransSignature(fields: { orderId: string; statusCode: string; grossAmount: string }, serverKey: string): string {
  return createHash('sha512').update(`${fields.orderId}${fields.statusCode}${fields.grossAmount}${serverKey}`).digest('hex');
}

const signedFieldsSchema = z.object({
  order_id: z.string(),
  status_code: z.string(),
  gross_amount: z.string(),
  signature_key: z.string().regex(/^[0-9a-fA-F]{128}$/),
});

/** A transaction as Midtrans reports it, in a notification or a status answer. */
const transactionSchema = z.object({
  order_id: z.string().min(1).max(100),
  transaction_id: z.string().min(1).max(100),
  transaction_status: z.string().min(1).max(40),
  status_code: z.string().max(10),
  gross_amount: z.string().max(40),
  fraud_status: z.string().max(40).optional(),
  currency: z.string().max(3).optional(),
  payment_type: z.string().max(40).optional(),
  /** The card network's answer to a card charge (ISO 8583 response code). */
  channel_response_code: z.string().max(10).optional(),
});
type MidtransTransaction = z.output<typeof transactionSchema>;

/** Anything Midtrans answers over HTTP: its own status code rides in the body. */
const answerSchema = z.looseObject({ status_code: z.string().optional(), status_message: z.string().optional() });
type MidtransAnswer = z.output<typeof answerSchema>;

function hasValidSignature(message: unknown, serverKey: string): boolean {
  const signed = signedFieldsSchema.safeParse(message);
  if (!signed.success) return false;
  const { order_id: orderId, status_code: statusCode, gross_amount: grossAmount, signature_key: given } = signed.data;
  const expected = midtransSignature({ orderId, statusCode, grossAmount }, serverKey);
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'));
}

/** IDR has no minor unit at Midtrans: "150000.00" is 150000; a fraction of a rupiah is refused. */
function readGrossAmount(grossAmount: string): bigint {
  const match = /^(\d{1,19})(?:\.(\d{1,2}))?$/.exec(grossAmount);
  if (!match || /[1-9]/.test(match[2] ?? '')) throw new AppError('VALIDATION_FAILED', { message: `Midtrans reported an amount that is not whole rupiah: ${grossAmount}` });
  return BigInt(match[1] ?? '');
}

type ReportedStatus = { status: Exclude<PaymentStatus, 'pending'>; failureReason: PaymentFailureReason | null };

/** Why the card's bank declined a card charge, by its response code (ISO 8583), as Midtrans passes it on. */
const cardResponseReasons: FailureCodeTable = {
  '05': 'card_declined',
  '57': 'card_declined',
  '51': 'insufficient_balance',
  '54': 'card_expired',
  '14': 'card_invalid',
  '55': 'card_invalid',
  N7: 'card_invalid',
  '61': 'limit_exceeded',
  '65': 'limit_exceeded',
  '41': 'suspected_fraud',
  '43': 'suspected_fraud',
  '59': 'suspected_fraud',
  '91': 'provider_unavailable',
  '96': 'provider_unavailable',
};

/** Why a transaction was denied: the bank's answer for a card, else Midtrans's own refusal. */
function deniedReason(transaction: MidtransTransaction): PaymentFailureReason {
  if (transaction.payment_type !== 'credit_card') return 'declined';
  return failureReasonOf(cardResponseReasons, transaction.channel_response_code, 'card_declined');
}

/**
 * Midtrans's transaction statuses in ours; null for one that moves no intent. A refund or
 * chargeback follows a settlement and never stands in for it (a lost settlement must not deliver
 * what was refunded); refunding is left to the refunds slice. An authorised card waits for its
 * capture, whose notification settles it.
 */
function statusOf(transaction: MidtransTransaction): ReportedStatus | null {
  const { transaction_status: status, fraud_status: fraud } = transaction;
  switch (status) {
    case 'capture':
      // A card captured but challenged by fraud screening waits for the merchant's review.
      if (fraud === 'deny') return { status: 'failed', failureReason: 'suspected_fraud' };
      return { status: fraud === 'challenge' ? 'waiting_payment' : 'paid', failureReason: null };
    case 'settlement':
      return { status: 'paid', failureReason: null };
    case 'pending':
      return { status: 'waiting_payment', failureReason: null };
    case 'deny':
      return { status: 'failed', failureReason: fraud === 'deny' ? 'suspected_fraud' : deniedReason(transaction) };
    case 'failure':
      return { status: 'failed', failureReason: 'failed' };
    case 'expire':
      return { status: 'expired', failureReason: null };
    case 'cancel':
      return { status: 'cancelled', failureReason: null };
    case 'authorize':
    case 'refund':
    case 'partial_refund':
    case 'chargeback':
    case 'partial_chargeback':
      return null;
    default:
      throw new AppError('VALIDATION_FAILED', { message: `Midtrans reported an unknown transaction status: ${status}` });
  }
}

/**
 * The status codes Midtrans sends with each transaction status (its "Code 2xx" and "Code 4xx"
 * tables). The signature covers the code but not the status: a message whose status is not one its
 * signed code goes with is refused, so a signed "pending" (201) cannot be sent again as paid.
 */
const statusCodesOf: Record<string, readonly string[]> = {
  capture: ['200', '201', '202'],
  settlement: ['200'],
  pending: ['201'],
  deny: ['202'],
  failure: ['202'],
  cancel: ['200', '202'],
  expire: ['202', '407'],
};

function agreesWithStatusCode(transaction: MidtransTransaction): boolean {
  const codes = statusCodesOf[transaction.transaction_status];
  if (!codes) return true;
  // A capture challenged by fraud screening is pending (201); an accepted one is 200, a denied one 202.
  if (transaction.transaction_status === 'capture') return transaction.status_code === ({ challenge: '201', deny: '202' }[transaction.fraud_status ?? ''] ?? '200');
  return codes.includes(transaction.status_code);
}

function answerOf(transaction: MidtransTransaction, reported: ReportedStatus, payload: Record<string, unknown>): PaymentStatusAnswer {
  return {
    ...reported,
    amountMinor: readGrossAmount(transaction.gross_amount),
    // Midtrans charges in rupiah; older messages leave the currency out.
    currency: transaction.currency ?? 'IDR',
    payload,
  };
}

/** One notification per transaction and status: Midtrans gives its messages no id of their own. */
function eventIdOf(transaction: MidtransTransaction): string {
  return `${transaction.transaction_id}:${transaction.transaction_status}:${transaction.status_code}`;
}

function readTransaction(message: Record<string, unknown>, what: string): MidtransTransaction {
  const parsed = transactionSchema.safeParse(message);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { message: `This is not a Midtrans ${what}` });
  return parsed.data;
}

function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new AppError('VALIDATION_FAILED', { message: 'This is not a Midtrans notification' });
  }
}

function actionUrl(answer: MidtransAnswer, name: string): string | undefined {
  const actions = z.array(z.object({ name: z.string(), url: z.string().min(1).max(2000) })).safeParse(answer.actions);
  return actions.success ? actions.data.find((action) => action.name === name)?.url : undefined;
}

function stringField(answer: MidtransAnswer, name: string): string | undefined {
  const value = answer[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

class MidtransAnswerError extends Error {
  constructor(what: string, answer: MidtransAnswer | string) {
    const said = typeof answer === 'string' ? answer : `${answer.status_code ?? '?'} ${answer.status_message ?? ''}`.trim();
    super(`Midtrans ${what}: ${said}`);
    this.name = 'MidtransAnswerError';
  }
}

interface MidtransRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: object;
}

/** One call to Midtrans: Basic auth with the server key and an empty password, and a time limit. */
async function callMidtrans({ method, url, body }: MidtransRequest, { serverKey, timeoutMs }: { serverKey: string; timeoutMs: number }): Promise<{ httpStatus: number; answer: MidtransAnswer }> {
  const { status, json, text } = await callProvider({ method, url, secretKey: serverKey, body, timeoutMs });
  if (json === undefined) throw new MidtransAnswerError(`answered ${status} with no JSON`, text.slice(0, 200));
  const answer = answerSchema.safeParse(json);
  if (!answer.success) throw new MidtransAnswerError(`answered ${status} with no object`, text.slice(0, 200));
  return { httpStatus: status, answer: answer.data };
}

function idrAmountOf(intent: PaymentIntentRow): number {
  if (intent.currency !== 'IDR') throw new AppError('UNPROCESSABLE', { message: `Midtrans takes payments in IDR only, not ${intent.currency}` });
  if (intent.amountMinor > BigInt(Number.MAX_SAFE_INTEGER)) throw new AppError('UNPROCESSABLE', { message: 'This amount is too large for Midtrans' });
  return Number(intent.amountMinor);
}

/** Where the e-wallet's app sends the member back after paying: the app's page for the payment. */
function ewalletCallback(ewallet: MidtransEwallet, returnUrl: string | undefined): object {
  if (returnUrl === undefined) return {};
  return ewallet === 'gopay' ? { gopay: { enable_callback: true, callback_url: returnUrl } } : { shopeepay: { callback_url: returnUrl } };
}

interface ChargeRequest {
  cardToken: string | undefined;
  returnUrl: string | undefined;
}

function chargeBody(intent: PaymentIntentRow, grossAmount: number, options: Required<Pick<MidtransProviderOptions, 'virtualAccountBank' | 'ewallet'>>, { cardToken, returnUrl }: ChargeRequest): object {
  const transaction_details = { order_id: intent.id, gross_amount: grossAmount };
  switch (intent.method) {
    case 'virtual_account':
      return { payment_type: 'bank_transfer', transaction_details, bank_transfer: { bank: options.virtualAccountBank } };
    case 'qris':
      return { payment_type: 'qris', transaction_details };
    case 'ewallet':
      return { payment_type: options.ewallet, transaction_details, ...ewalletCallback(options.ewallet, returnUrl) };
    case 'credit_card':
      // Midtrans answers a saved_token_id for the card, to charge it again for a renewal.
      return { payment_type: 'credit_card', transaction_details, credit_card: { token_id: cardToken, save_token_id: true } };
    default:
      throw new AppError('UNPROCESSABLE', { message: `Midtrans does not take ${intent.method} payments` });
  }
}

function virtualAccountOf(answer: MidtransAnswer): PaymentInstructions | undefined {
  const permata = stringField(answer, 'permata_va_number');
  if (permata) return { kind: 'virtual_account', bank: 'PERMATA', accountNumber: permata };
  const numbers = z.array(z.object({ bank: z.string().min(1).max(40), va_number: z.string() })).safeParse(answer.va_numbers);
  const [first] = numbers.success ? numbers.data : [];
  return first && { kind: 'virtual_account', bank: first.bank.toUpperCase(), accountNumber: first.va_number };
}

/**
 * What the member does to pay, from Midtrans's charge answer. A QRIS answer without the QR string
 * sends the member to the QR image Midtrans renders instead.
 */
function instructionsOf(intent: PaymentIntentRow, answer: MidtransAnswer, returnUrl: string): PaymentInstructions | undefined {
  switch (intent.method) {
    case 'virtual_account':
      return virtualAccountOf(answer);
    case 'qris': {
      const qrString = stringField(answer, 'qr_string');
      const image = actionUrl(answer, 'generate-qr-code');
      return qrString ? { kind: 'qris', qrString } : image ? { kind: 'redirect', url: image } : undefined;
    }
    case 'ewallet': {
      const url = actionUrl(answer, 'deeplink-redirect') ?? actionUrl(answer, 'generate-qr-code');
      return url ? { kind: 'redirect', url } : undefined;
    }
    case 'credit_card':
      return { kind: 'redirect', url: stringField(answer, 'redirect_url') ?? returnUrl };
    default:
      return undefined;
  }
}

/** A card charge Midtrans settled in its answer (captured, or denied), applied like its notification. */
function settledOf(answer: MidtransAnswer): PaymentCharge['settled'] {
  const transaction = transactionSchema.safeParse(answer);
  if (!transaction.success) return undefined;
  const reported = statusOf(transaction.data);
  if (!reported || reported.status === 'waiting_payment') return undefined;
  return { ...answerOf(transaction.data, reported, answer), providerEventId: eventIdOf(transaction.data) };
}

/**
 * Midtrans behind the payment provider interface: its Core API makes virtual account, QRIS,
 * e-wallet and saved-card charges, and Snap a page where the member enters a new card. Its
 * notifications are signed with SHA-512 over the order, status code and amount with the server
 * key; the transaction status they report is applied as its status API confirms it.
 */
export function midtransProvider(options: MidtransProviderOptions): PaymentProvider {
  const { serverKey, clientKey, timeoutMs = 10_000, virtualAccountBank = 'bca', ewallet = 'gopay' } = options;
  const coreApiUrl = (options.coreApiUrl ?? midtransSandboxCoreApiUrl).replace(/\/+$/, '');
  const snapUrl = (options.snapUrl ?? midtransSandboxSnapUrl).replace(/\/+$/, '');
  const call = (request: MidtransRequest) => callMidtrans(request, { serverKey, timeoutMs });

  const snapCharge = async (intent: PaymentIntentRow, grossAmount: number, returnUrl: string | undefined): Promise<PaymentCharge> => {
    // Snap sends the member back to `finish` (with `order_id` and the status added to its query).
    const callbacks = returnUrl === undefined ? {} : { callbacks: { finish: returnUrl } };
    const body = { transaction_details: { order_id: intent.id, gross_amount: grossAmount }, enabled_payments: ['credit_card'], credit_card: { secure: true }, ...callbacks };
    const { httpStatus, answer } = await call({ method: 'POST', url: `${snapUrl}/snap/v1/transactions`, body });
    const url = stringField(answer, 'redirect_url');
    if (httpStatus >= 300 || !url) throw new MidtransAnswerError(`refused the Snap transaction (HTTP ${httpStatus})`, answer);
    return { providerReference: intent.id, instructions: { kind: 'redirect', url } };
  };

  const coreCharge = async (intent: PaymentIntentRow, grossAmount: number, request: ChargeRequest): Promise<PaymentCharge> => {
    const body = chargeBody(intent, grossAmount, { virtualAccountBank, ewallet }, request);
    const { httpStatus, answer } = await call({ method: 'POST', url: `${coreApiUrl}/v2/charge`, body });
    const isCard = intent.method === 'credit_card';
    // 201 is a charge waiting for the member; a card also answers 200 (captured) or 202 (denied).
    const accepted = isCard ? ['200', '201', '202'] : ['201'];
    if (httpStatus >= 300 || !accepted.includes(answer.status_code ?? '')) throw new MidtransAnswerError(`refused the charge (HTTP ${httpStatus})`, answer);
    // A card settled in the answer has no page of Midtrans's: the member stays on the payment's own.
    const instructions = instructionsOf(intent, answer, request.returnUrl ?? paymentReturnPath(intent.id));
    if (!instructions) throw new MidtransAnswerError('answered the charge without payment instructions', answer);
    const providerReference = stringField(answer, 'transaction_id') ?? intent.id;
    const settled = isCard ? settledOf(answer) : undefined;
    const reusableCardToken = isCard ? stringField(answer, 'saved_token_id') : undefined;
    return { providerReference, instructions, ...(settled && { settled }), ...(reusableCardToken && { reusableCardToken }) };
  };

  return {
    name: 'midtrans',
    publicKey: clientKey ?? null,
    // Browsers get a card's one-time token from the Core API's /v2/token with the client key.
    ...(clientKey && { tokenizationUrl: coreApiUrl }),
    methods: ['virtual_account', 'qris', 'ewallet', 'credit_card'],
    confirmsReportedStatus: true,
    createCharge: async ({ intent, cardToken, returnUrl }) => {
      const grossAmount = idrAmountOf(intent);
      if (intent.method === 'credit_card' && cardToken === undefined) return snapCharge(intent, grossAmount, returnUrl);
      return coreCharge(intent, grossAmount, { cardToken, returnUrl });
    },
    parseWebhook: ({ rawBody }): PaymentEvent | null => {
      const message = parseJson(rawBody);
      // Nothing in the message is read before its signature is checked.
      if (!hasValidSignature(message, serverKey)) throw new AppError('PAYMENT_SIGNATURE_INVALID');
      const payload = message as Record<string, unknown>;
      const transaction = readTransaction(payload, 'notification');
      if (!agreesWithStatusCode(transaction)) throw new AppError('PAYMENT_SIGNATURE_INVALID', { message: 'The notification reports a status its signed status code does not carry' });
      const reported = statusOf(transaction);
      if (!reported) return null;
      return { providerEventId: eventIdOf(transaction), intentId: transaction.order_id, kind: transaction.transaction_status, ...answerOf(transaction, reported, payload) };
    },
    queryStatus: async ({ intent, now }) => {
      const { httpStatus, answer } = await call({ method: 'GET', url: `${coreApiUrl}/v2/${encodeURIComponent(intent.id)}/status` });
      // Midtrans never made the charge (its call failed or timed out): nothing can be paid there.
      if (httpStatus === 404 || answer.status_code === '404') {
        const expired = intent.expiresAt.getTime() <= now.getTime();
        return { status: expired ? 'expired' : 'waiting_payment', amountMinor: null, currency: null, failureReason: null, payload: answer };
      }
      if (httpStatus >= 300) throw new MidtransAnswerError(`refused the status request (HTTP ${httpStatus})`, answer);
      const transaction = readTransaction(answer, 'transaction status');
      if (transaction.order_id !== intent.id) throw new MidtransAnswerError('answered the status of another order', transaction.order_id);
      // A refund or chargeback of a settlement we never heard of is not reported paid (that would
      // deliver what was refunded) nor expired (money moved): the intent stays open and is asked again.
      return answerOf(transaction, statusOf(transaction) ?? { status: 'waiting_payment', failureReason: null }, answer);
    },
  };
}
