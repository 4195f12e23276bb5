import { randomBytes } from 'node:crypto';

/*
 * The Invoices part of the fake Xendit (xendit.fake.ts): `POST /v2/invoices`, `GET /v2/invoices/{id}`
 * and `GET /v2/invoices?external_id=`, with Xendit's snake_case bodies, invoices kept in memory, and
 * the invoice callback Xendit sends once an invoice is paid or has expired.
 */

export type FakeInvoiceStatus = 'PENDING' | 'PAID' | 'SETTLED' | 'EXPIRED';

export interface FakeInvoice {
  id: string;
  externalId: string;
  amount: number;
  currency: string;
  status: FakeInvoiceStatus;
  /** The invoice's life in seconds, as it was asked for. */
  invoiceDuration: number;
  paymentMethods: string[];
  successRedirectUrl: string | null;
  failureRedirectUrl: string | null;
  invoiceUrl: string;
  /** The e-wallet the member paid with on the invoice's page, once paid. */
  paymentChannel: string | null;
  created: string;
  updated: string;
  expiryDate: string;
}

type Json = Record<string, unknown>;

/** A refusal the fake answers as Xendit would: its HTTP status, error code and message. */
export class FakeInvoiceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

export interface FakeInvoices {
  invoice(id: string): FakeInvoice | undefined;
  byExternalId(externalId: string): FakeInvoice | undefined;
  /** Answers an Invoices route, or undefined for a route that is not one of them. */
  route(method: string, url: URL, rawBody: string): { statusCode: number; body: unknown } | undefined;
  /** Moves an invoice's status at Xendit, as the member's payment or its expiry there would. */
  setStatus(id: string, status: FakeInvoiceStatus, paymentChannel?: string): void;
  /** The body Xendit posts to the invoice callback about an invoice as it now is. */
  callbackBody(id: string, overrides?: { amount?: number; currency?: string }): string;
}

const validation = (message: string) => new FakeInvoiceError(400, 'API_VALIDATION_ERROR', message);

function readBody(rawBody: string): Json {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // Answered below.
  }
  throw validation('The body is not a JSON object');
}

export function fakeInvoices(baseUrl: () => string): FakeInvoices {
  const invoices = new Map<string, FakeInvoice>();

  function toJson(invoice: FakeInvoice): Json {
    return {
      id: invoice.id,
      external_id: invoice.externalId,
      user_id: 'fake-business',
      status: invoice.status,
      merchant_name: 'Fake Merchant',
      merchant_profile_picture_url: `${baseUrl()}/merchant.png`,
      amount: invoice.amount,
      currency: invoice.currency,
      invoice_url: invoice.invoiceUrl,
      expiry_date: invoice.expiryDate,
      available_banks: [],
      available_retail_outlets: [],
      available_ewallets: invoice.paymentMethods.map((ewallet_type) => ({ ewallet_type })),
      available_qr_codes: [],
      available_direct_debits: [],
      available_paylaters: [],
      should_send_email: false,
      created: invoice.created,
      updated: invoice.updated,
      ...(invoice.successRedirectUrl !== null && { success_redirect_url: invoice.successRedirectUrl }),
      ...(invoice.failureRedirectUrl !== null && { failure_redirect_url: invoice.failureRedirectUrl }),
    };
  }

  function create(rawBody: string): Json {
    const body = readBody(rawBody);
    const externalId = body.external_id;
    if (typeof externalId !== 'string' || externalId.length === 0) throw validation('external_id is required');
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) throw validation('amount must be a whole number of rupiah');
    if (body.currency !== undefined && body.currency !== 'IDR') throw validation('Only IDR is taken here');
    const duration = body.invoice_duration ?? 86_400;
    if (typeof duration !== 'number' || !Number.isInteger(duration) || duration < 1) throw validation('invoice_duration is a whole number of seconds');
    const methods = body.payment_methods ?? [];
    if (!Array.isArray(methods) || !methods.every((method) => typeof method === 'string')) throw validation('payment_methods is a list of channel codes');
    const redirect = (field: string) => {
      const value = body[field];
      if (value === undefined) return null;
      if (typeof value !== 'string' || !/^https?:\/\//.test(value)) throw validation(`${field} must be a URL`);
      return value;
    };
    const id = randomBytes(12).toString('hex');
    const now = new Date();
    const invoice: FakeInvoice = {
      id,
      externalId,
      amount,
      currency: 'IDR',
      status: 'PENDING',
      invoiceDuration: duration,
      paymentMethods: methods as string[],
      successRedirectUrl: redirect('success_redirect_url'),
      failureRedirectUrl: redirect('failure_redirect_url'),
      invoiceUrl: `${baseUrl()}/web/invoices/${id}`,
      paymentChannel: null,
      created: now.toISOString(),
      updated: now.toISOString(),
      expiryDate: new Date(now.getTime() + duration * 1_000).toISOString(),
    };
    invoices.set(id, invoice);
    return toJson(invoice);
  }

  function required(id: string): FakeInvoice {
    const invoice = invoices.get(id);
    if (!invoice) throw new Error(`The fake Xendit has no invoice ${id}`);
    return invoice;
  }

  return {
    invoice: (id) => invoices.get(id),
    byExternalId: (externalId) => [...invoices.values()].find((invoice) => invoice.externalId === externalId),
    route: (method, url, rawBody) => {
      // The SDK posts to `/v2/invoices/`, the documentation to `/v2/invoices`: both are taken.
      if (method === 'POST' && /^\/v2\/invoices\/?$/.test(url.pathname)) return { statusCode: 200, body: create(rawBody) };
      const byId = /^\/v2\/invoices\/([^/]+)$/.exec(url.pathname)?.[1];
      if (method === 'GET' && byId) {
        const invoice = invoices.get(decodeURIComponent(byId));
        if (!invoice) throw new FakeInvoiceError(404, 'INVOICE_NOT_FOUND_ERROR', 'The invoice was not found');
        return { statusCode: 200, body: toJson(invoice) };
      }
      if (method === 'GET' && url.pathname === '/v2/invoices') {
        const externalId = url.searchParams.get('external_id');
        const found = [...invoices.values()].filter((invoice) => externalId === null || invoice.externalId === externalId);
        return { statusCode: 200, body: found.map(toJson) };
      }
      return undefined;
    },
    setStatus: (id, status, paymentChannel = 'OVO') => {
      const invoice = required(id);
      invoice.status = status;
      invoice.paymentChannel = status === 'PAID' || status === 'SETTLED' ? paymentChannel : null;
      invoice.updated = new Date().toISOString();
    },
    callbackBody: (id, overrides = {}) => {
      const invoice = required(id);
      const paid = invoice.status === 'PAID' || invoice.status === 'SETTLED';
      return JSON.stringify({
        id: invoice.id,
        external_id: invoice.externalId,
        user_id: 'fake-business',
        is_high: false,
        status: invoice.status,
        merchant_name: 'Fake Merchant',
        amount: overrides.amount ?? invoice.amount,
        currency: overrides.currency ?? invoice.currency,
        created: invoice.created,
        updated: invoice.updated,
        ...(paid && {
          paid_amount: overrides.amount ?? invoice.amount,
          paid_at: invoice.updated,
          payment_method: 'EWALLET',
          payment_channel: invoice.paymentChannel,
          ewallet_type: invoice.paymentChannel,
        }),
      });
    },
  };
}
