import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeInvoices, FakeInvoiceError, type FakeInvoice, type FakeInvoiceStatus } from './xendit-invoices.fake.ts';
import { xenditCallbackTokenHeader } from './xendit.provider.ts';

export type { FakeInvoice, FakeInvoiceStatus } from './xendit-invoices.fake.ts';

/*
 * A stand-in for Xendit's Payment Requests API in tests: the three routes the adapter calls, with
 * Xendit's snake_case bodies and Basic auth, payment requests kept in memory, and callbacks signed
 * with the callback token as Xendit sends them.
 *
 * Saved cards (`payment_method_id`) answer by their id: `pm-decline…` is declined, `pm-3ds…` asks
 * the member to confirm on a page, any other `pm-…` is charged at once.
 *
 * Xendit's card API too: `POST /v2/credit_card_tokens` with Basic auth of the public key (what a
 * browser calls), and `POST /credit_card_charges` and `GET /credit_card_charges/{id}` with the secret
 * key. Cards follow the sandbox's test numbers: 4000 0000 0000 0002 is declined when charged, any other
 * number that passes the Luhn check is captured; a token asked to authenticate waits IN_REVIEW.
 *
 * And Invoices (xendit-invoices.fake.ts), whose callbacks carry the invoice itself.
 */

/** The card the fake declines when it is charged, as the sandbox does. */
export const FAKE_XENDIT_DECLINED_CARD = '4000000000000002';

export type FakeRequestStatus = 'PENDING' | 'REQUIRES_ACTION' | 'AWAITING_CAPTURE' | 'SUCCEEDED' | 'FAILED' | 'EXPIRED' | 'CANCELED' | 'VOIDED';
export type FakeCallbackEvent = 'payment.succeeded' | 'payment.failed' | 'payment_method.expired';
export interface CallbackOverrides {
  amount?: number;
  currency?: string;
  token?: string;
  failureCode?: string;
  /** False for a callback about a move Xendit never made (a forged or replayed one). */
  moves?: boolean;
}

export interface XenditCallback {
  body: string;
  headers: Record<string, string>;
}

export interface CallbackAnswer {
  statusCode: number;
  body: string;
}

export interface FakeXenditOptions {
  secretKey: string;
  callbackToken: string;
  /** The public key browsers tokenise cards with; without one every tokenisation answers 401. */
  publicKey?: string;
  /** Where callbacks go: a URL they are POSTed to, or a function that takes them (an app's `inject`). */
  deliverTo?: string | ((callback: XenditCallback) => Promise<CallbackAnswer>);
}

/** How the next create call behaves; each knob applies to that call only. */
export interface NextCreate {
  /** Answers this much later. */
  delayMs?: number;
  /** Never answers: the connection stays open until the caller gives up or the fake closes. */
  hang?: boolean;
  /** Pays the request and delivers its `payment.succeeded` callback before answering it as still pending. */
  payBeforeAnswer?: boolean;
}

export interface FakePaymentRequest {
  id: string;
  referenceId: string;
  amount: number;
  currency: string;
  status: FakeRequestStatus;
  failureCode: string | null;
  paymentMethod: Record<string, unknown>;
  actions: Record<string, unknown>[];
  created: string;
  updated: string;
}

export interface FakeCardToken {
  id: string;
  accountNumber: string;
  multipleUse: boolean;
  status: 'VERIFIED' | 'IN_REVIEW';
  /** A single-use token is spent by its first charge. */
  charged: boolean;
}

export interface FakeCardCharge {
  id: string;
  externalId: string;
  tokenId: string;
  amount: number;
  currency: string;
  status: 'CAPTURED' | 'FAILED';
  failureReason: string | null;
  created: string;
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeXendit {
  baseUrl: string;
  /** Every call received, in order, whether answered or not. */
  received: ReceivedRequest[];
  /** The answers to callbacks delivered while a create call was held (`payBeforeAnswer`). */
  earlyCallbackAnswers: CallbackAnswer[];
  nextCreate(knobs: NextCreate): void;
  paymentRequest(id: string): FakePaymentRequest | undefined;
  cardToken(id: string): FakeCardToken | undefined;
  cardCharge(id: string): FakeCardCharge | undefined;
  byReference(referenceId: string): FakePaymentRequest | undefined;
  /** Moves a request's status at Xendit, as a payment or an expiry there would. */
  setStatus(id: string, status: FakeRequestStatus, failureCode?: string | null): void;
  /**
   * The callback Xendit sends about a request as it moves it (the request moves too, unless
   * `moves` is false: a callback Xendit's own state does not bear out), signed with the callback
   * token unless another `token` is given.
   */
  callbackFor(id: string, event: FakeCallbackEvent, overrides?: CallbackOverrides): XenditCallback;
  invoice(id: string): FakeInvoice | undefined;
  invoiceByExternalId(externalId: string): FakeInvoice | undefined;
  /** Moves an invoice's status at Xendit: paid with an e-wallet (OVO unless another is named), or expired. */
  setInvoiceStatus(id: string, status: FakeInvoiceStatus, paymentChannel?: string): void;
  /** The invoice callback about an invoice as it now is, signed like callbackFor. */
  invoiceCallbackFor(id: string, overrides?: { amount?: number; currency?: string; token?: string }): XenditCallback;
  deliver(callback: XenditCallback): Promise<CallbackAnswer>;
  close(): Promise<void>;
}

class FakeError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, statusCode: number, body: unknown): void {
  response.writeHead(statusCode, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function objectAt(value: unknown, field: string): Json {
  const found = typeof value === 'object' && value !== null ? (value as Json)[field] : undefined;
  if (typeof found !== 'object' || found === null || Array.isArray(found)) throw new FakeError(400, 'API_VALIDATION_ERROR', `${field} is required`);
  return found as Json;
}

function stringAt(value: Json, field: string): string {
  const found = value[field];
  if (typeof found !== 'string' || found.length === 0) throw new FakeError(400, 'API_VALIDATION_ERROR', `${field} is required`);
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parseJsonBody(rawBody: string): Json {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // Answered below.
  }
  throw new FakeError(400, 'API_VALIDATION_ERROR', 'The body is not a JSON object');
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Xendit's ids for tokens and card charges: 24 hex digits. */
const hexId = () => randomBytes(12).toString('hex');

export async function startFakeXendit(options: FakeXenditOptions): Promise<FakeXendit> {
  const requests = new Map<string, FakePaymentRequest>();
  const byIdempotencyKey = new Map<string, string>();
  const received: ReceivedRequest[] = [];
  const earlyCallbackAnswers: CallbackAnswer[] = [];
  let pendingKnobs: NextCreate = {};
  let vaCount = 0;
  const expectedAuth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const publicAuth = options.publicKey === undefined ? undefined : `Basic ${Buffer.from(`${options.publicKey}:`).toString('base64')}`;
  const cardTokens = new Map<string, FakeCardToken>();
  const cardCharges = new Map<string, FakeCardCharge>();

  const invoices = fakeInvoices(() => baseUrl);

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (error instanceof FakeError || error instanceof FakeInvoiceError) return send(response, error.statusCode, { error_code: error.errorCode, message: error.message });
      send(response, 500, { error_code: 'SERVER_ERROR', message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function toJson(stored: FakePaymentRequest): Json {
    return {
      id: stored.id,
      business_id: 'fake-business',
      reference_id: stored.referenceId,
      amount: stored.amount,
      currency: stored.currency,
      country: 'ID',
      status: stored.status,
      capture_method: 'AUTOMATIC',
      failure_code: stored.failureCode,
      payment_method: stored.paymentMethod,
      actions: stored.actions,
      created: stored.created,
      updated: stored.updated,
    };
  }

  function authAction(urlType: 'WEB' | 'MOBILE', path: string): Json {
    return { action: 'AUTH', url_type: urlType, method: 'GET', url: `${baseUrl}${path}`, qr_code: null };
  }

  /** The payment method Xendit would answer for one described in a create call, with its status and actions. */
  function paymentMethodOf(id: string, body: Json, amount: number): Pick<FakePaymentRequest, 'paymentMethod' | 'status' | 'actions' | 'failureCode'> {
    if (typeof body.payment_method_id === 'string') {
      const token = body.payment_method_id;
      if (!token.startsWith('pm-')) throw new FakeError(404, 'DATA_NOT_FOUND', 'The payment method was not found');
      const paymentMethod = { id: token, type: 'CARD', reusability: 'MULTIPLE_USE', status: 'ACTIVE' };
      if (token.startsWith('pm-decline')) return { paymentMethod, status: 'FAILED', actions: [], failureCode: 'CARD_DECLINED' };
      if (token.startsWith('pm-3ds')) return { paymentMethod, status: 'REQUIRES_ACTION', actions: [authAction('WEB', `/3ds/${id}`)], failureCode: null };
      return { paymentMethod, status: 'SUCCEEDED', actions: [], failureCode: null };
    }
    const method = objectAt(body, 'payment_method');
    const type = stringAt(method, 'type');
    const common = { id: `pm-${randomUUID()}`, type, reusability: stringAt(method, 'reusability'), reference_id: method.reference_id ?? null, status: 'ACTIVE' };
    if (type === 'VIRTUAL_ACCOUNT') {
      const account = objectAt(method, 'virtual_account');
      const properties = objectAt(account, 'channel_properties');
      stringAt(properties, 'customer_name');
      vaCount += 1;
      const virtualAccountNumber = `8808${String(vaCount).padStart(10, '0')}`;
      const virtual_account = { channel_code: stringAt(account, 'channel_code'), amount, currency: 'IDR', channel_properties: { ...properties, virtual_account_number: virtualAccountNumber } };
      return { paymentMethod: { ...common, virtual_account }, status: 'PENDING', actions: [], failureCode: null };
    }
    if (type === 'QR_CODE') {
      const qr = objectAt(method, 'qr_code');
      const properties = typeof qr.channel_properties === 'object' && qr.channel_properties !== null ? (qr.channel_properties as Json) : {};
      const qr_code = { channel_code: stringAt(qr, 'channel_code'), channel_properties: { ...properties, qr_string: `00020101021226FAKEQRIS${id}5303360540${amount}6304` } };
      return { paymentMethod: { ...common, qr_code }, status: 'PENDING', actions: [], failureCode: null };
    }
    if (type === 'EWALLET') {
      const wallet = objectAt(method, 'ewallet');
      stringAt(objectAt(wallet, 'channel_properties'), 'success_return_url');
      stringAt(wallet, 'channel_code');
      const actions = [authAction('WEB', `/ewallet/${id}`), authAction('MOBILE', `/ewallet/${id}?mobile=1`)];
      return { paymentMethod: { ...common, ewallet: wallet }, status: 'REQUIRES_ACTION', actions, failureCode: null };
    }
    if (type === 'CARD') {
      const card = objectAt(method, 'card');
      stringAt(objectAt(card, 'channel_properties'), 'success_return_url');
      return { paymentMethod: { ...common, card }, status: 'REQUIRES_ACTION', actions: [authAction('WEB', `/card/${id}`)], failureCode: null };
    }
    throw new FakeError(400, 'API_VALIDATION_ERROR', `The payment method type ${type} is not taken here`);
  }

  async function create(request: IncomingMessage, rawBody: string, response: ServerResponse): Promise<void> {
    const knobs = pendingKnobs;
    pendingKnobs = {};
    if (knobs.hang) return;
    if (knobs.delayMs) await sleep(knobs.delayMs);
    const key = request.headers['idempotency-key'];
    const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    const repeated = earlier === undefined ? undefined : requests.get(earlier);
    if (repeated) return send(response, 200, toJson(repeated));
    let body: Json;
    try {
      body = JSON.parse(rawBody) as Json;
    } catch {
      throw new FakeError(400, 'API_VALIDATION_ERROR', 'The body is not JSON');
    }
    const referenceId = stringAt(body, 'reference_id');
    if (body.currency !== 'IDR') throw new FakeError(400, 'API_VALIDATION_ERROR', 'Only IDR is taken here');
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) throw new FakeError(400, 'API_VALIDATION_ERROR', 'amount must be a whole number of rupiah');
    const id = `pr-${randomUUID()}`;
    const now = new Date().toISOString();
    const stored: FakePaymentRequest = { id, referenceId, amount, currency: 'IDR', created: now, updated: now, ...paymentMethodOf(id, body, amount) };
    requests.set(id, stored);
    if (typeof key === 'string') byIdempotencyKey.set(key, id);
    const answer = toJson(stored);
    if (knobs.payBeforeAnswer) {
      setStatus(id, 'SUCCEEDED');
      earlyCallbackAnswers.push(await deliver(callbackFor(id, 'payment.succeeded')));
    }
    send(response, 201, answer);
  }

  /** A browser's tokenisation: the card's details, checked as Xendit checks them, for a token id. */
  function tokenize(rawBody: string, response: ServerResponse): void {
    const body = parseJsonBody(rawBody);
    const card = objectAt(body, 'card_data');
    const accountNumber = stringAt(card, 'account_number');
    if (!/^\d{12,19}$/.test(accountNumber) || !passesLuhn(accountNumber)) throw new FakeError(400, 'API_VALIDATION_ERROR', 'Card number is invalid');
    if (!/^(0[1-9]|1[0-2])$/.test(stringAt(card, 'exp_month'))) throw new FakeError(400, 'API_VALIDATION_ERROR', 'exp_month must be two digits');
    if (!/^\d{4}$/.test(stringAt(card, 'exp_year'))) throw new FakeError(400, 'API_VALIDATION_ERROR', 'exp_year must be four digits');
    const cvn = typeof body.card_cvn === 'string' ? body.card_cvn : card.cvn;
    if (typeof cvn !== 'string' || !/^\d{3,4}$/.test(cvn)) throw new FakeError(400, 'API_VALIDATION_ERROR', 'Card CVN is invalid');
    if (typeof body.is_single_use !== 'boolean' || typeof body.should_authenticate !== 'boolean') throw new FakeError(400, 'API_VALIDATION_ERROR', 'is_single_use and should_authenticate are booleans');
    const token: FakeCardToken = { id: hexId(), accountNumber, multipleUse: !body.is_single_use, status: body.should_authenticate ? 'IN_REVIEW' : 'VERIFIED', charged: false };
    cardTokens.set(token.id, token);
    const masked = `${accountNumber.slice(0, 6)}${'X'.repeat(accountNumber.length - 10)}${accountNumber.slice(-4)}`;
    send(response, 200, { id: token.id, status: token.status, masked_card_number: masked, ...(token.status === 'IN_REVIEW' && { authentication_id: hexId(), payer_authentication_url: `${baseUrl}/3ds/${token.id}` }) });
  }

  function cardChargeJson(charge: FakeCardCharge): Json {
    const token = cardTokens.get(charge.tokenId);
    const accountNumber = token?.accountNumber ?? '';
    return {
      id: charge.id,
      created: charge.created,
      business_id: 'fake-business',
      external_id: charge.externalId,
      status: charge.status,
      authorized_amount: charge.amount,
      capture_amount: charge.status === 'CAPTURED' ? charge.amount : 0,
      currency: charge.currency,
      charge_type: token?.multipleUse ? 'MULTIPLE_USE_TOKEN' : 'SINGLE_USE_TOKEN',
      masked_card_number: `${accountNumber.slice(0, 6)}XXXXXX${accountNumber.slice(-4)}`,
      ...(charge.failureReason !== null && { failure_reason: charge.failureReason }),
    };
  }

  /** A charge of a token: declined for the declined test card, captured otherwise. */
  function chargeToken(rawBody: string, response: ServerResponse): void {
    const body = parseJsonBody(rawBody);
    const token = cardTokens.get(stringAt(body, 'token_id'));
    if (!token) throw new FakeError(404, 'DATA_NOT_FOUND', 'The credit card token was not found');
    if (token.status !== 'VERIFIED') throw new FakeError(400, 'AUTHENTICATION_ID_MISSING_ERROR', 'The token was not authenticated');
    if (token.charged && !token.multipleUse) throw new FakeError(400, 'TOKEN_ALREADY_USED_ERROR', 'A single-use token was charged already');
    const externalId = stringAt(body, 'external_id');
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) throw new FakeError(400, 'API_VALIDATION_ERROR', 'amount must be a whole number of rupiah');
    if (body.currency !== undefined && body.currency !== 'IDR') throw new FakeError(400, 'API_VALIDATION_ERROR', 'Only IDR is taken here');
    token.charged = true;
    const declined = token.accountNumber === FAKE_XENDIT_DECLINED_CARD;
    const charge: FakeCardCharge = {
      id: hexId(),
      externalId,
      tokenId: token.id,
      amount,
      currency: 'IDR',
      status: declined ? 'FAILED' : 'CAPTURED',
      failureReason: declined ? 'CARD_DECLINED' : null,
      created: new Date().toISOString(),
    };
    cardCharges.set(charge.id, charge);
    send(response, 200, cardChargeJson(charge));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(request);
    const method = request.method ?? 'GET';
    received.push({ method, url: request.url ?? '/', headers: request.headers, body: rawBody });
    const url = new URL(request.url ?? '/', baseUrl);
    // Browsers tokenise with the public key, and only with it; everything else takes the secret key.
    if (method === 'POST' && url.pathname === '/v2/credit_card_tokens') {
      if (publicAuth === undefined || request.headers.authorization !== publicAuth) throw new FakeError(401, 'INVALID_API_KEY', 'The API key is not valid');
      return tokenize(rawBody, response);
    }
    if (request.headers.authorization !== expectedAuth) throw new FakeError(401, 'INVALID_API_KEY', 'The API key is not valid');
    if (method === 'POST' && url.pathname.startsWith('/v2/invoices')) {
      const knobs = pendingKnobs;
      pendingKnobs = {};
      if (knobs.hang) return;
      if (knobs.delayMs) await sleep(knobs.delayMs);
    }
    const invoiceAnswer = invoices.route(method, url, rawBody);
    if (invoiceAnswer) return send(response, invoiceAnswer.statusCode, invoiceAnswer.body);
    if (method === 'POST' && url.pathname === '/credit_card_charges') return chargeToken(rawBody, response);
    const chargeId = /^\/credit_card_charges\/([^/]+)$/.exec(url.pathname)?.[1];
    if (method === 'GET' && chargeId) {
      const charge = cardCharges.get(decodeURIComponent(chargeId));
      if (!charge) throw new FakeError(404, 'CREDIT_CARD_CHARGE_NOT_FOUND_ERROR', 'The card charge was not found');
      return send(response, 200, cardChargeJson(charge));
    }
    const byId = /^\/payment_requests\/([^/]+)$/.exec(url.pathname);
    if (method === 'POST' && url.pathname === '/payment_requests') return create(request, rawBody, response);
    if (method === 'GET' && byId?.[1]) {
      const stored = requests.get(decodeURIComponent(byId[1]));
      if (!stored) throw new FakeError(404, 'DATA_NOT_FOUND', 'The payment request was not found');
      return send(response, 200, toJson(stored));
    }
    if (method === 'GET' && url.pathname === '/payment_requests') {
      const references = url.searchParams.getAll('reference_id');
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const found = [...requests.values()].filter((stored) => references.length === 0 || references.includes(stored.referenceId));
      return send(response, 200, { data: found.slice(0, limit).map(toJson), has_more: found.length > limit });
    }
    throw new FakeError(404, 'NOT_FOUND', `${method} ${url.pathname} is not a route here`);
  }

  function required(id: string): FakePaymentRequest {
    const stored = requests.get(id);
    if (!stored) throw new Error(`The fake Xendit has no payment request ${id}`);
    return stored;
  }

  function setStatus(id: string, status: FakeRequestStatus, failureCode: string | null = null): void {
    const stored = required(id);
    stored.status = status;
    stored.failureCode = failureCode;
    stored.updated = new Date().toISOString();
  }

  function callbackFor(id: string, event: FakeCallbackEvent, overrides: CallbackOverrides = {}): XenditCallback {
    const stored = required(id);
    const created = new Date().toISOString();
    const failureCode = event === 'payment.failed' ? (overrides.failureCode ?? 'INSUFFICIENT_BALANCE') : null;
    if (overrides.moves !== false) setStatus(id, event === 'payment.succeeded' ? 'SUCCEEDED' : event === 'payment.failed' ? 'FAILED' : 'EXPIRED', failureCode);
    const data =
      event === 'payment_method.expired'
        ? { ...stored.paymentMethod, status: 'EXPIRED', updated: created }
        : {
            id: `py-${randomUUID()}`,
            payment_request_id: stored.id,
            reference_id: stored.referenceId,
            currency: overrides.currency ?? stored.currency,
            amount: overrides.amount ?? stored.amount,
            country: 'ID',
            status: event === 'payment.succeeded' ? 'SUCCEEDED' : 'FAILED',
            failure_code: failureCode,
            payment_method: stored.paymentMethod,
            created: stored.created,
            updated: created,
          };
    const body = JSON.stringify({ event, business_id: 'fake-business', created, api_version: null, data });
    return { body, headers: { 'content-type': 'application/json', [xenditCallbackTokenHeader]: overrides.token ?? options.callbackToken } };
  }

  async function deliver(callback: XenditCallback): Promise<CallbackAnswer> {
    const target = options.deliverTo;
    if (target === undefined) throw new Error('The fake Xendit was given nowhere to deliver callbacks');
    if (typeof target !== 'string') return target(callback);
    const answer = await fetch(target, { method: 'POST', headers: callback.headers, body: callback.body, signal: AbortSignal.timeout(30_000) });
    return { statusCode: answer.status, body: await answer.text() };
  }

  return {
    baseUrl,
    received,
    earlyCallbackAnswers,
    nextCreate: (knobs) => {
      pendingKnobs = knobs;
    },
    paymentRequest: (id) => requests.get(id),
    cardToken: (id) => cardTokens.get(id),
    cardCharge: (id) => cardCharges.get(id),
    byReference: (referenceId) => [...requests.values()].find((stored) => stored.referenceId === referenceId),
    setStatus,
    callbackFor,
    invoice: invoices.invoice,
    invoiceByExternalId: invoices.byExternalId,
    setInvoiceStatus: invoices.setStatus,
    invoiceCallbackFor: (id, { token, ...overrides } = {}) => ({
      body: invoices.callbackBody(id, overrides),
      headers: { 'content-type': 'application/json', [xenditCallbackTokenHeader]: token ?? options.callbackToken },
    }),
    deliver,
    close: async () => {
      // A hung call is still open: end it so the server can close.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
