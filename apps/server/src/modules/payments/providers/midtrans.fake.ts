import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { midtransSignature } from './midtrans.provider.ts';

/** The transaction statuses the fake can move an order to. */
export type FakeMidtransStatus = 'pending' | 'capture' | 'settlement' | 'deny' | 'failure' | 'expire' | 'cancel' | 'refund';

/** Midtrans's status code for each status, as its notifications carry it. */
const statusCodeOf: Record<FakeMidtransStatus, string> = {
  pending: '201',
  capture: '200',
  settlement: '200',
  deny: '202',
  failure: '202',
  expire: '407',
  cancel: '200',
  refund: '200',
};

/** The code a capture carries: pending (201) while fraud screening challenges it, 202 when it denies it. */
function codeOf(status: FakeMidtransStatus, fraud: 'accept' | 'challenge' | 'deny'): string {
  if (status !== 'capture') return statusCodeOf[status];
  return fraud === 'challenge' ? '201' : fraud === 'deny' ? '202' : '200';
}

export interface FakeMidtransTransaction {
  order_id: string;
  transaction_id: string;
  transaction_status: FakeMidtransStatus;
  status_code: string;
  gross_amount: string;
  currency: 'IDR';
  payment_type: string;
  fraud_status: 'accept' | 'challenge' | 'deny';
  transaction_time: string;
  /** A card charge's answer from the card's bank (ISO 8583): '00' approved. */
  channel_response_code?: string;
}

export interface FakeMidtransNotification {
  rawBody: string;
  headers: Record<string, string>;
}

/** What the fake does, changeable between tests. */
export interface FakeMidtransBehaviour {
  /** Charge and Snap requests are held unanswered until the caller gives up. */
  hangOnCreate: boolean;
  /** A status notified, and its delivery awaited, before a charge is answered. */
  notifyBeforeAnswer: FakeMidtransStatus | null;
  deliveries: number;
  /** Notifications are signed with another key than the merchant's. */
  forgeSignatures: boolean;
  /** A saved-card charge is captured, denied (by the bank, or by fraud screening), or sent to 3-D Secure. */
  cardOutcome: 'capture' | 'deny' | 'fraud_deny' | 'challenge' | 'three_d_secure';
  /** The bank's response code of a denied card ('05' do not honour, '51' insufficient funds…). */
  cardDeclineCode: string;
  /** A QRIS charge answers only the QR image's address, not the QR string. */
  qrisImageOnly: boolean;
  /** The status route fails (Midtrans down), as asked before a notification is applied. */
  statusUnavailable: boolean;
}

export interface FakeMidtransOptions {
  serverKey: string;
  /** Where notifications go: the test's own delivery (an app.inject), else POSTed to `notificationUrl`. */
  deliver?: (notification: FakeMidtransNotification) => Promise<unknown>;
  notificationUrl?: string;
}

export interface FakeMidtrans {
  coreApiUrl: string;
  snapUrl: string;
  behaviour: FakeMidtransBehaviour;
  /** The orders made, by order_id. */
  transactions: Map<string, FakeMidtransTransaction>;
  /** Every request received, in order, as `METHOD path`. */
  requests: string[];
  /** The body of each charge and Snap transaction request, by order_id. */
  bodies: Map<string, Record<string, unknown>>;
  /** Moves an order to a status, as if the member or the bank had acted, without notifying. */
  setStatus(orderId: string, status: FakeMidtransStatus, fraudStatus?: FakeMidtransTransaction['fraud_status']): FakeMidtransTransaction;
  /** A notification of the order's current state, signed (or forged) as the behaviour says. */
  notification(orderId: string, overrides?: { grossAmount?: string; forge?: boolean }): FakeMidtransNotification;
  /** Moves an order to a status and delivers its notification; answers each delivery's result. */
  notify(orderId: string, status: FakeMidtransStatus): Promise<unknown[]>;
  reset(): void;
  close(): Promise<void>;
}

const defaultBehaviour = (): FakeMidtransBehaviour => ({
  hangOnCreate: false,
  notifyBeforeAnswer: null,
  deliveries: 1,
  forgeSignatures: false,
  cardOutcome: 'capture',
  cardDeclineCode: '05',
  qrisImageOnly: false,
  statusUnavailable: false,
});

interface ChargeRequest {
  payment_type?: unknown;
  transaction_details?: { order_id?: unknown; gross_amount?: unknown };
  bank_transfer?: { bank?: unknown };
  credit_card?: { token_id?: unknown; save_token_id?: unknown };
  gopay?: { callback_url?: unknown };
  shopeepay?: { callback_url?: unknown };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, httpStatus: number, body: object): void {
  response.writeHead(httpStatus, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Numbers made up from the order id, the same for the same order. */
function digitsOf(orderId: string, length: number): string {
  const digits = orderId.replace(/\D/g, '').padEnd(length, '7');
  return digits.slice(0, length);
}

/**
 * A local Midtrans for tests: the Core API charge and status routes and Snap's transactions route,
 * behind Basic auth with the server key, keeping orders in memory and signing notifications as
 * Midtrans does. It listens on 127.0.0.1 on a free port.
 */
export async function startFakeMidtrans(options: FakeMidtransOptions): Promise<FakeMidtrans> {
  const { serverKey } = options;
  const transactions = new Map<string, FakeMidtransTransaction>();
  const requests: string[] = [];
  const bodies = new Map<string, Record<string, unknown>>();
  const behaviour = defaultBehaviour();
  const expectedAuth = `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;
  let baseUrl = '';

  const setStatus: FakeMidtrans['setStatus'] = (orderId, status, fraudStatus) => {
    const transaction = transactions.get(orderId);
    if (!transaction) throw new Error(`The fake Midtrans has no order ${orderId}`);
    Object.assign(transaction, { transaction_status: status, status_code: codeOf(status, fraudStatus ?? 'accept'), fraud_status: fraudStatus ?? 'accept' });
    return transaction;
  };

  const notification: FakeMidtrans['notification'] = (orderId, overrides = {}) => {
    const transaction = transactions.get(orderId);
    if (!transaction) throw new Error(`The fake Midtrans has no order ${orderId}`);
    const grossAmount = overrides.grossAmount ?? transaction.gross_amount;
    const key = (overrides.forge ?? behaviour.forgeSignatures) ? `${serverKey}-forged` : serverKey;
    const signature_key = midtransSignature({ orderId, statusCode: transaction.status_code, grossAmount }, key);
    const body = { ...transaction, gross_amount: grossAmount, status_message: 'midtrans payment notification', merchant_id: 'G000000000', signature_key };
    return { rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  };

  const deliverOnce = async (message: FakeMidtransNotification): Promise<unknown> => {
    if (options.deliver) return options.deliver(message);
    if (!options.notificationUrl) throw new Error('The fake Midtrans has nowhere to send notifications');
    const response = await fetch(options.notificationUrl, { method: 'POST', headers: message.headers, body: message.rawBody });
    return { statusCode: response.status, body: await response.text() };
  };

  const notify: FakeMidtrans['notify'] = async (orderId, status) => {
    setStatus(orderId, status);
    const message = notification(orderId);
    const results: unknown[] = [];
    for (let delivery = 0; delivery < behaviour.deliveries; delivery += 1) results.push(await deliverOnce(message));
    return results;
  };

  const newTransaction = (orderId: string, grossAmount: number, paymentType: string, status: FakeMidtransStatus): FakeMidtransTransaction => {
    const transaction: FakeMidtransTransaction = {
      order_id: orderId,
      transaction_id: randomUUID(),
      transaction_status: status,
      status_code: statusCodeOf[status],
      gross_amount: `${grossAmount}.00`,
      currency: 'IDR',
      payment_type: paymentType,
      fraud_status: 'accept',
      transaction_time: new Date().toISOString().replace('T', ' ').slice(0, 19),
    };
    transactions.set(orderId, transaction);
    return transaction;
  };

  /** What a charge answers beyond the transaction itself, by payment type. */
  const chargeExtras = (charge: ChargeRequest, transaction: FakeMidtransTransaction): Record<string, unknown> | undefined => {
    const id = transaction.transaction_id;
    switch (charge.payment_type) {
      case 'bank_transfer': {
        const bank = charge.bank_transfer?.bank;
        if (bank === 'permata') return { permata_va_number: digitsOf(transaction.order_id, 18) };
        if (bank === 'bca' || bank === 'bni' || bank === 'bri') return { va_numbers: [{ bank, va_number: digitsOf(transaction.order_id, 11) }] };
        return undefined;
      }
      case 'qris': {
        const actions = [{ name: 'generate-qr-code', method: 'GET', url: `${baseUrl}/v2/qris/${id}/qr-code` }];
        return behaviour.qrisImageOnly ? { actions, acquirer: 'gopay' } : { actions, acquirer: 'gopay', qr_string: `00020101021226${digitsOf(id, 20)}5303360` };
      }
      case 'gopay':
      case 'shopeepay':
        return { actions: [{ name: 'deeplink-redirect', method: 'GET', url: `https://simulator.example/${charge.payment_type}/${id}` }] };
      case 'credit_card':
        return behaviour.cardOutcome === 'three_d_secure' ? { redirect_url: `${baseUrl}/v2/token/rba/redirect/${id}` } : {};
      default:
        return undefined;
    }
  };

  const cardStatus = (): { status: FakeMidtransStatus; fraud: FakeMidtransTransaction['fraud_status'] } => {
    const outcomes = {
      capture: { status: 'capture', fraud: 'accept' },
      challenge: { status: 'capture', fraud: 'challenge' },
      deny: { status: 'deny', fraud: 'accept' },
      fraud_deny: { status: 'deny', fraud: 'deny' },
      three_d_secure: { status: 'pending', fraud: 'accept' },
    } as const;
    return outcomes[behaviour.cardOutcome];
  };

  const charge = async (request: ChargeRequest, response: ServerResponse): Promise<void> => {
    const orderId = request.transaction_details?.order_id;
    const grossAmount = request.transaction_details?.gross_amount;
    const paymentType = request.payment_type;
    if (typeof orderId !== 'string' || !Number.isSafeInteger(grossAmount) || typeof paymentType !== 'string') {
      return send(response, 400, { status_code: '400', status_message: 'One or more parameters in the payload is invalid.' });
    }
    if (transactions.has(orderId)) return send(response, 200, { status_code: '406', status_message: 'The request could not be completed due to a conflict with the current state of the target resource, please try again' });
    if (paymentType === 'credit_card' && typeof request.credit_card?.token_id !== 'string') {
      return send(response, 200, { status_code: '400', status_message: 'Credit card token is required' });
    }
    const card = paymentType === 'credit_card' ? cardStatus() : undefined;
    const transaction = newTransaction(orderId, grossAmount as number, paymentType, card?.status ?? 'pending');
    if (card) {
      transaction.fraud_status = card.fraud;
      transaction.status_code = codeOf(card.status, card.fraud);
      transaction.channel_response_code = card.status === 'deny' && card.fraud === 'accept' ? behaviour.cardDeclineCode : '00';
    }
    const extras = chargeExtras(request, transaction);
    if (!extras) {
      transactions.delete(orderId);
      return send(response, 200, { status_code: '402', status_message: 'Payment channel is not activated.' });
    }
    if (behaviour.notifyBeforeAnswer) await notify(orderId, behaviour.notifyBeforeAnswer);
    const current = transactions.get(orderId) ?? transaction;
    const answered = card ? transaction : { ...current, transaction_status: 'pending', status_code: '201' };
    const saved = card && request.credit_card?.save_token_id === true ? { saved_token_id: `saved-${String(request.credit_card.token_id)}` } : {};
    send(response, 200, { ...answered, status_message: 'Success, transaction is created', ...extras, ...saved });
  };

  const snapTransaction = (request: ChargeRequest, response: ServerResponse): void => {
    const orderId = request.transaction_details?.order_id;
    if (typeof orderId !== 'string' || !Number.isSafeInteger(request.transaction_details?.gross_amount)) {
      return send(response, 400, { error_messages: ['transaction_details.order_id is required'] });
    }
    const token = randomUUID();
    send(response, 201, { token, redirect_url: `${baseUrl}/snap/v4/redirection/${token}` });
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    requests.push(`${request.method} ${path}`);
    if (request.headers.authorization !== expectedAuth) {
      return send(response, 401, { status_code: '401', status_message: 'Access denied due to unauthorized transaction, please check client or server key' });
    }
    const isCreate = request.method === 'POST' && (path === '/v2/charge' || path === '/snap/v1/transactions');
    // A held request is only ended by the caller giving up, or by close().
    if (isCreate && behaviour.hangOnCreate) return;
    const status = /^\/v2\/([^/]+)\/status$/.exec(path);
    if (request.method === 'GET' && status) {
      if (behaviour.statusUnavailable) return send(response, 503, { status_code: '503', status_message: 'Service unavailable' });
      const transaction = transactions.get(decodeURIComponent(status[1] ?? ''));
      if (!transaction) return send(response, 404, { status_code: '404', status_message: "Transaction doesn't exist." });
      return send(response, 200, { ...transaction, status_message: 'Success, transaction is found' });
    }
    if (!isCreate) return send(response, 404, { status_code: '404', status_message: 'Not found' });
    let body: ChargeRequest;
    try {
      body = JSON.parse(await readBody(request)) as ChargeRequest;
    } catch {
      return send(response, 400, { status_code: '400', status_message: 'Invalid JSON' });
    }
    const orderId = body.transaction_details?.order_id;
    if (typeof orderId === 'string') bodies.set(orderId, body as Record<string, unknown>);
    if (path === '/snap/v1/transactions') return snapTransaction(body, response);
    return charge(body, response);
  };

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => send(response, 500, { status_code: '500', status_message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    coreApiUrl: baseUrl,
    snapUrl: baseUrl,
    behaviour,
    transactions,
    requests,
    bodies,
    setStatus,
    notification,
    notify,
    reset: () => void Object.assign(behaviour, defaultBehaviour()),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
