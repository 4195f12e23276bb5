import { z } from 'zod';
import type { PaymentStatus } from '@kartu/contracts';
import { isUuid } from '../../../db/uuid.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { PaymentEvent, PaymentStatusAnswer } from '../payment-provider.ts';
import type { PaymentIntentRow } from '../payments.table.ts';
import { amountMinorOf } from './xendit.amounts.ts';
import { callXendit, XenditAnswerError, type XenditApi } from './xendit.http.ts';

/*
 * Xendit's Invoices: `POST /v2/invoices`, `GET /v2/invoices/{id}` and `GET /v2/invoices?external_id=`.
 * An invoice is a page of Xendit's where the member picks one of the channels it lists and pays
 * there. It carries our intent id as its `external_id`. Its callback is the invoice itself (no
 * `event` field), sent with the same x-callback-token as the Payments API's once it is paid or has
 * expired. An invoice does not fail: a refused attempt lets the member try again on its page.
 *
 * Called without the SDK's Invoice client: its reader throws on an answer that leaves out any of
 * the invoice's lists of channels, and it takes no time limit per call.
 */

type SettledStatus = Exclude<PaymentStatus, 'pending'>;

/** An invoice's status in our terms; PENDING is still open. */
const statusOfInvoice: Readonly<Record<string, SettledStatus>> = { PAID: 'paid', SETTLED: 'paid', EXPIRED: 'expired' };

/** An invoice as Xendit answers it, and as its callback sends it (without `invoice_url`). */
const invoiceSchema = z.looseObject({
  id: z.string().min(1).max(200),
  external_id: z.string().max(255),
  status: z.string().min(1).max(50),
  amount: z.number().nonnegative(),
  paid_amount: z.number().nonnegative().nullish(),
  currency: z.string().max(3).nullish(),
  invoice_url: z.string().min(1).max(2000).optional(),
  payment_method: z.string().max(50).nullish(),
  payment_channel: z.string().max(50).nullish(),
});
export type XenditInvoice = z.output<typeof invoiceSchema>;

/** The e-wallets an invoice offers by default: the member picks theirs on Xendit's page. */
export const defaultInvoiceEwallets = ['OVO', 'DANA', 'SHOPEEPAY', 'LINKAJA', 'ASTRAPAY'] as const;

function invoicePayload(invoice: XenditInvoice): Record<string, unknown> {
  return {
    id: invoice.id,
    external_id: invoice.external_id,
    status: invoice.status,
    amount: invoice.amount,
    paid_amount: invoice.paid_amount ?? null,
    currency: invoice.currency ?? null,
    payment_method: invoice.payment_method ?? null,
    payment_channel: invoice.payment_channel ?? null,
  };
}

/** An invoice's status and amount in our terms: a paid one claims what was paid. */
export function invoiceAnswer(invoice: XenditInvoice): PaymentStatusAnswer {
  const status = statusOfInvoice[invoice.status] ?? 'waiting_payment';
  const amount = status === 'paid' ? (invoice.paid_amount ?? invoice.amount) : invoice.amount;
  return { status, amountMinor: amountMinorOf(amount), currency: invoice.currency ?? null, failureReason: null, payload: invoicePayload(invoice) };
}

export interface NewInvoice {
  intent: PaymentIntentRow;
  /** In whole rupiah (xenditAmount). */
  amount: number;
  /** The channels the member may pick among, as Xendit names them (`OVO`, `DANA`…). */
  channels: readonly string[];
  /** Where Xendit's page sends the member back, paid or not. */
  returnUrl: string | undefined;
  now: Date;
}

/** Opens an invoice for the intent, open as long as the intent is. */
export async function createInvoice(api: XenditApi, { intent, amount, channels, returnUrl, now }: NewInvoice): Promise<XenditInvoice & { invoice_url: string }> {
  // Xendit counts the invoice's life in whole seconds, at least one.
  const invoiceDuration = Math.max(1, Math.floor((intent.expiresAt.getTime() - now.getTime()) / 1000));
  const body = {
    external_id: intent.id,
    amount,
    currency: 'IDR',
    invoice_duration: invoiceDuration,
    payment_methods: [...channels],
    ...(returnUrl !== undefined && { success_redirect_url: returnUrl, failure_redirect_url: returnUrl }),
  };
  const invoice = await callXendit(api, { method: 'POST', path: '/v2/invoices', body, what: 'invoice' }, invoiceSchema);
  if (invoice.external_id !== intent.id) throw new XenditAnswerError(200, `answered the invoice of another payment: ${invoice.external_id}`);
  if (invoice.invoice_url === undefined) throw new XenditAnswerError(200, `answered invoice ${invoice.id} without its page`);
  return { ...invoice, invoice_url: invoice.invoice_url };
}

export function getInvoice(api: XenditApi, invoiceId: string): Promise<XenditInvoice> {
  return callXendit(api, { method: 'GET', path: `/v2/invoices/${encodeURIComponent(invoiceId)}`, what: 'invoice' }, invoiceSchema);
}

/** The invoice opened for an intent whose charge was never recorded, looked up by our id. */
export async function findInvoiceOf(api: XenditApi, intentId: string): Promise<XenditInvoice | undefined> {
  const found = await callXendit(api, { method: 'GET', path: `/v2/invoices?external_id=${encodeURIComponent(intentId)}`, what: 'list of invoices' }, z.array(invoiceSchema));
  return found.find((invoice) => invoice.external_id === intentId);
}

/** An invoice's callback carries the invoice, where the Payments API's carries an `event`. */
export function isInvoiceCallback(payload: unknown): payload is Record<string, unknown> {
  return typeof payload === 'object' && payload !== null && !('event' in payload) && 'external_id' in payload;
}

/**
 * What an invoice's callback settles; null for one that settles no payment of ours (an invoice
 * still pending, or one made at Xendit for something else). Paid and settled are one message.
 */
export function invoiceEvent(payload: Record<string, unknown>): PaymentEvent | null {
  const read = invoiceSchema.safeParse(payload);
  if (!read.success) throw new AppError('VALIDATION_FAILED', { message: 'This is not a Xendit invoice callback' });
  const invoice = read.data;
  const status = statusOfInvoice[invoice.status];
  if (!status || !isUuid(invoice.external_id)) return null;
  return { ...invoiceAnswer(invoice), providerEventId: `invoice:${invoice.id}:${status}`, intentId: invoice.external_id, kind: status, payload };
}
