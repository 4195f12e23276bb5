import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { BillerAdapter, BillerInquiryAnswer, BillerRequest, BillerResult, BillerStatus } from './biller.ts';

/*
 * Digiflazz's buyer API, from its public documentation (developer.digiflazz.com, "API Transaksi ›
 * Buyer"). The facts relied on, by page:
 * - Topup: POST /transaction {username, buyer_sku_code, customer_no, ref_id, sign, testing}; sign is
 *   md5(username + apiKey + ref_id); `testing: true` for development; every answer comes at once,
 *   wrapped in `data`, with status Sukses, Pending or Gagal, rc, message and sn; a pending one is asked
 *   again by sending the same request with the same ref_id.
 * - Cek Tagihan, Bayar Tagihan, Cek Status: the same endpoint and sign with commands inq-pasca,
 *   pay-pasca and status-pasca; the payment carries the inquiry's ref_id; a bill answers
 *   customer_name, admin, price (taken from our deposit), selling_price (what our client pays) and
 *   desc (tarif, daya, lembar_tagihan, detail[] with periode).
 * - Inquiry PLN: POST /inquiry-pln {username, customer_no, sign = md5(username + apiKey + customer_no)},
 *   answering name, meter_no, subscriber_id and segment_power.
 * - Response Code: 00 Sukses, 03 Pending, 02 and the rest Gagal; 40 to 49 (payload, signature,
 *   username, SKU, balance, IP address, ref_id) refuse the request itself, no transaction is recorded.
 * - Webhooks: a POST with X-Digiflazz-Event (create | update), X-Hub-Signature "sha1=" and the hex
 *   HMAC-SHA1 of the body with the webhook's secret, and `data` shaped as a topup answer.
 */

/** Digiflazz's API (its documentation's endpoints). */
export const digiflazzBaseUrl = 'https://api.digiflazz.com/v1';

export interface DigiflazzBillerConfig {
  username: string;
  apiKey: string;
  webhookSecret: string;
  baseUrl?: string;
  /** Digiflazz's development mode: test customer numbers, nothing bought. */
  testing?: boolean;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Digiflazz's request signature: hex MD5 of the username, the API key and the request's subject (its ref_id, or the meter number of a PLN check). */
export function digiflazzSign(username: string, apiKey: string, subject: string): string {
  return createHash('md5').update(`${username}${apiKey}${subject}`).digest('hex');
}

/** The X-Hub-Signature of a callback: "sha1=" and the hex HMAC-SHA1 of the raw body with the webhook's secret. */
export function digiflazzCallbackSignature(body: string, secret: string): string {
  return `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;
}

/** Digiflazz could not be asked or answered nothing readable: nothing is known, so the caller asks again later. */
export class DigiflazzError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DigiflazzError';
  }
}

/** Digiflazz's numbers come as JSON numbers, and now and then as strings. */
const rupiahField = z.union([z.number(), z.string()]).optional();

/** A transaction or a bill as Digiflazz answers it (inside `data`), and as its callbacks carry it. */
const transactionSchema = z.looseObject({
  ref_id: z.string().max(100).optional(),
  status: z.string().max(40),
  rc: z.string().max(10).optional(),
  message: z.string().max(500).optional(),
  sn: z.string().max(500).nullish(),
  customer_name: z.string().max(200).optional(),
  admin: rupiahField,
  price: rupiahField,
  selling_price: rupiahField,
  desc: z.record(z.string(), z.unknown()).optional(),
});
type DigiflazzTransaction = z.output<typeof transactionSchema>;

const answerSchema = z.object({ data: transactionSchema });
const callbackSchema = z.object({ data: transactionSchema.extend({ ref_id: z.string().min(1).max(100) }) });

const meterCheckSchema = z.object({
  data: z.looseObject({
    status: z.string().max(40),
    rc: z.string().max(10).optional(),
    message: z.string().max(500).optional(),
    name: z.string().max(200).optional(),
    meter_no: z.string().max(40).optional(),
    subscriber_id: z.string().max(40).optional(),
    segment_power: z.string().max(40).optional(),
  }),
});

/** Codes of a request refused before any transaction (Response Code: 40 to 49): about our account, never about the bill or the product. */
const requestRefusedCodes = new Set(['40', '41', '42', '43', '44', '45', '46', '47', '48', '49']);

function statusOf(status: string): BillerStatus | null {
  return ({ Sukses: 'success', Pending: 'pending', Gagal: 'failed' } as const satisfies Record<string, BillerStatus>)[status] ?? null;
}

function wasRefused(transaction: DigiflazzTransaction): boolean {
  return statusOf(transaction.status) === 'failed' && requestRefusedCodes.has(transaction.rc ?? '');
}

function rupiahOf(value: number | string | undefined, what: string): bigint | null {
  if (value === undefined) return null;
  const match = /^(\d{1,15})(?:\.0+)?$/.exec(String(value).trim());
  if (!match) throw new DigiflazzError(`Digiflazz answered ${what} that is not whole rupiah: ${String(value)}`);
  return BigInt(match[1] ?? '');
}

function resultOf(refId: string, transaction: DigiflazzTransaction): BillerResult {
  const status = statusOf(transaction.status);
  if (!status) throw new DigiflazzError(`Digiflazz answered an unknown status: ${transaction.status}`);
  const sn = transaction.sn?.trim();
  return { refId, status, serialNumber: sn ? sn : null, message: transaction.message ?? transaction.status, code: transaction.rc ?? null };
}

/** The bill's periods (desc.detail[].periode), in order, once each. */
function periodsOf(desc: Record<string, unknown> | undefined): string | null {
  const lines = z.array(z.looseObject({ periode: z.string().optional() })).safeParse(desc?.detail);
  const periods = [...new Set((lines.success ? lines.data : []).flatMap((line) => (line.periode ? [line.periode] : [])))];
  return periods.length > 0 ? periods.join(', ') : null;
}

/** The bill's own lines (tariff, power, number of months…), as Digiflazz names them; the per-period detail is summed up in the period. */
function detailsOf(desc: Record<string, unknown> | undefined): Record<string, string> {
  const details: Record<string, string> = {};
  for (const [key, value] of Object.entries(desc ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') details[key] = String(value);
  }
  return details;
}

function billOf(transaction: DigiflazzTransaction): BillerInquiryAnswer {
  // selling_price is what our client pays, admin included; price is what Digiflazz takes from our deposit.
  const amount = rupiahOf(transaction.selling_price, 'a bill') ?? rupiahOf(transaction.price, 'a bill');
  if (amount === null) throw new DigiflazzError('Digiflazz answered a bill without its amount');
  return {
    found: true,
    customerName: transaction.customer_name ?? '',
    period: periodsOf(transaction.desc),
    amount,
    adminFee: rupiahOf(transaction.admin, 'an admin fee') ?? 0n,
    details: detailsOf(transaction.desc),
  };
}

function headerOf(headers: Record<string, string | undefined>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

function hasValidSignature(body: string, given: string | undefined, secret: string): boolean {
  if (!given) return false;
  const expected = Buffer.from(digiflazzCallbackSignature(body, secret));
  const received = Buffer.from(given.trim().toLowerCase());
  return received.length === expected.length && timingSafeEqual(received, expected);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A Digiflazz callback's result when X-Hub-Signature is the body's HMAC with `secret`, else null;
 * null too for a signed body that is not a transaction. Nothing in the body is read before its
 * signature is checked.
 */
export function readDigiflazzCallback({ body, headers, secret }: { body: string; headers: Record<string, string | undefined>; secret: string }): BillerResult | null {
  if (!hasValidSignature(body, headerOf(headers, 'x-hub-signature'), secret)) return null;
  const callback = callbackSchema.safeParse(parseJson(body));
  if (!callback.success || !statusOf(callback.data.data.status)) return null;
  return resultOf(callback.data.data.ref_id, callback.data.data);
}

/**
 * Digiflazz behind the biller interface. Prepaid products are bought with a topup and asked about
 * by sending it again; bills are checked, paid and asked about with the postpaid commands. A refusal
 * of our own request (wrong key, IP address not allowed…) fails a payment, as nothing was bought,
 * but is thrown from a check or a status question, which it leaves unanswered. The API key and the
 * signatures never leave the request body.
 */
export function digiflazzBiller(config: DigiflazzBillerConfig): BillerAdapter {
  const { username, apiKey, webhookSecret, testing = false, timeoutMs = 20_000 } = config;
  const baseUrl = (config.baseUrl ?? digiflazzBaseUrl).replace(/\/+$/, '');
  const fetchFn = config.fetch ?? fetch;

  /** One call; a 4xx with Digiflazz's own answer in it is read like any other (a refusal). */
  const post = async (path: string, body: object): Promise<unknown> => {
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, ...(testing && { testing: true }) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new DigiflazzError(`Digiflazz could not be reached (${error instanceof Error ? error.name : 'error'})`, { cause: error });
    }
    if (response.status >= 500) throw new DigiflazzError(`Digiflazz answered HTTP ${response.status}`);
    return parseJson(text);
  };

  const transaction = async (request: BillerRequest, commands: 'inq-pasca' | 'pay-pasca' | 'status-pasca' | null): Promise<DigiflazzTransaction> => {
    const body = {
      ...(commands && { commands }),
      username,
      buyer_sku_code: request.skuCode,
      customer_no: request.customerNo,
      ref_id: request.refId,
      sign: digiflazzSign(username, apiKey, request.refId),
    };
    const answered = answerSchema.safeParse(await post('/transaction', body));
    if (!answered.success) throw new DigiflazzError(`Digiflazz answered ${commands ?? 'the topup'} without a transaction`);
    const { data } = answered.data;
    if (data.ref_id !== undefined && data.ref_id !== '' && data.ref_id !== request.refId) throw new DigiflazzError(`Digiflazz answered about another request: ${data.ref_id}`);
    return data;
  };

  const meterCheck = async (request: BillerRequest): Promise<BillerInquiryAnswer> => {
    const body = { username, customer_no: request.customerNo, sign: digiflazzSign(username, apiKey, request.customerNo) };
    const answered = meterCheckSchema.safeParse(await post('/inquiry-pln', body));
    if (!answered.success) throw new DigiflazzError('Digiflazz answered the meter check without a result');
    const { data } = answered.data;
    if (statusOf(data.status) !== 'success') {
      if (requestRefusedCodes.has(data.rc ?? '')) throw new DigiflazzError(`Digiflazz refused the meter check: ${data.rc ?? ''} ${data.message ?? ''}`.trim());
      return { found: false, message: data.message ?? data.status };
    }
    const details: Record<string, string> = {};
    for (const key of ['meter_no', 'subscriber_id', 'segment_power'] as const) if (data[key]) details[key] = data[key];
    return { found: true, customerName: data.name ?? '', period: null, amount: 0n, adminFee: 0n, details };
  };

  return {
    name: 'digiflazz',
    // A prepaid product has no bill: its only check is an electricity meter's (Inquiry PLN), found with
    // the meter's name and power and nothing to pay beyond the product's own price.
    inquiry: async (request) => {
      if (request.kind === 'prepaid') return meterCheck(request);
      const bill = await transaction(request, 'inq-pasca');
      const status = statusOf(bill.status);
      if (status === 'success') return billOf(bill);
      if (status === 'failed' && !wasRefused(bill)) return { found: false, message: bill.message ?? bill.status };
      throw new DigiflazzError(`Digiflazz did not check the bill: ${bill.rc ?? ''} ${bill.message ?? bill.status}`.trim());
    },
    pay: async (request) => resultOf(request.refId, await transaction(request, request.kind === 'postpaid' ? 'pay-pasca' : null)),
    status: async (request) => {
      // A topup sent again with a ref_id Digiflazz knows answers that transaction, not a new one.
      const answered = await transaction(request, request.kind === 'postpaid' ? 'status-pasca' : null);
      if (wasRefused(answered)) throw new DigiflazzError(`Digiflazz refused the status request: ${answered.rc ?? ''} ${answered.message ?? ''}`.trim());
      return resultOf(request.refId, answered);
    },
    verifyWebhook: ({ body, headers }) => readDigiflazzCallback({ body, headers, secret: webhookSecret }),
  };
}
