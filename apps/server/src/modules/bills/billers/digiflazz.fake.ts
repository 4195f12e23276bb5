import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { digiflazzCallbackSignature, digiflazzSign } from './digiflazz.biller.ts';

type FakeStatus = 'Sukses' | 'Pending' | 'Gagal';

/** A transaction as the fake keeps it, by ref_id, in Digiflazz's own fields. */
export interface FakeDigiflazzTransaction {
  ref_id: string;
  customer_no: string;
  buyer_sku_code: string;
  kind: 'prepaid' | 'postpaid';
  status: FakeStatus;
  rc: string;
  message: string;
  sn: string;
  price: number;
  /** Where a pending transaction ends: the published test numbers settle pending then success or failure. */
  settlesAs: 'Sukses' | 'Gagal' | null;
}

/** What the fake does, changeable between tests. */
export interface FakeDigiflazzBehaviour {
  /** Every route answers 503, as Digiflazz down. */
  unavailable: boolean;
  /** A pending transaction asked about again (the same request, or status-pasca) answers its end. */
  settleOnRecheck: boolean;
}

export interface FakeDigiflazzOptions {
  username: string;
  apiKey: string;
  webhookSecret: string;
}

export interface FakeDigiflazzCallback {
  body: string;
  headers: Record<string, string>;
}

export interface FakeDigiflazz {
  baseUrl: string;
  behaviour: FakeDigiflazzBehaviour;
  transactions: Map<string, FakeDigiflazzTransaction>;
  /** Every request received, in order: its path and body as sent. */
  requests: { path: string; body: Record<string, unknown> }[];
  /** Ends a pending transaction as its customer number says (or as told). */
  settle(refId: string, as?: 'Sukses' | 'Gagal'): FakeDigiflazzTransaction;
  /** A callback of the transaction's current state, signed with the webhook's secret (or forged). */
  callback(refId: string, options?: { forge?: boolean; event?: 'create' | 'update' }): FakeDigiflazzCallback;
  /** POSTs the transaction's callback to `url`; answers what the receiver said. */
  sendCallback(refId: string, url: string, options?: { forge?: boolean }): Promise<{ statusCode: number; body: string }>;
  reset(): void;
  close(): Promise<void>;
}

const defaultBehaviour = (): FakeDigiflazzBehaviour => ({ unavailable: false, settleOnRecheck: true });

/** Digiflazz's answers by response code (its Response Code page). */
const answers = {
  success: { status: 'Sukses', rc: '00', message: 'Transaksi Sukses' },
  pending: { status: 'Pending', rc: '03', message: 'Transaksi Pending' },
  failed: { status: 'Gagal', rc: '02', message: 'Transaksi Gagal' },
  payloadError: { status: 'Gagal', rc: '40', message: 'Payload Error' },
  badSignature: { status: 'Gagal', rc: '41', message: 'Signature tidak valid' },
  badUsername: { status: 'Gagal', rc: '42', message: 'Gagal memproses API Buyer' },
  refNotUnique: { status: 'Gagal', rc: '49', message: 'Ref ID tidak unik' },
  notFound: { status: 'Gagal', rc: '50', message: 'Transaksi Tidak Ditemukan' },
  wrongNumber: { status: 'Gagal', rc: '54', message: 'Nomor Tujuan Salah' },
} as const;

/**
 * The published test numbers (API Buyer › Test Case): 087800001230 succeeds, …32 fails, …33 is
 * pending then succeeds, …34 pending then fails. The fake reads the last digit, so a bill number
 * ending the same way does the same; a bill number ending in 9 has no bill.
 */
function outcomeOf(customerNo: string): { status: FakeStatus; settlesAs: 'Sukses' | 'Gagal' | null } {
  const last = customerNo.at(-1);
  if (last === '2') return { status: 'Gagal', settlesAs: null };
  if (last === '3') return { status: 'Pending', settlesAs: 'Sukses' };
  if (last === '4') return { status: 'Pending', settlesAs: 'Gagal' };
  return { status: 'Sukses', settlesAs: null };
}

function digitsOf(seed: string, length: number): string {
  const bytes = createHash('sha256').update(seed).digest();
  return Array.from({ length }, (_, index) => String((bytes[index % bytes.length] ?? 0) % 10)).join('');
}

function serialNumberOf(transaction: Pick<FakeDigiflazzTransaction, 'ref_id' | 'buyer_sku_code' | 'kind'>): string {
  if (transaction.kind === 'postpaid') return createHash('md5').update(transaction.ref_id).digest('hex').toUpperCase();
  if (!transaction.buyer_sku_code.toLowerCase().startsWith('pln')) return digitsOf(transaction.ref_id, 20);
  return `${digitsOf(transaction.ref_id, 20).replace(/(\d{4})(?=\d)/g, '$1-')}/DAVID/R1/1300VA/14.6`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, httpStatus: number, data: object): void {
  response.writeHead(httpStatus, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ data }));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A made-up bill for a customer number: the same number, the same bill. */
function billFor(customerNo: string, skuCode: string, refId: string): Record<string, unknown> {
  const nominal = 100_000 + (Number(customerNo.slice(-4)) || 0);
  return {
    ref_id: refId,
    customer_no: customerNo,
    customer_name: 'Nama Pelanggan Pertama',
    buyer_sku_code: skuCode,
    admin: 2500,
    price: nominal + 2000,
    selling_price: nominal + 2500,
    desc: { tarif: 'R1', daya: 1300, lembar_tagihan: '2', detail: [{ periode: '202601', nilai_tagihan: String(nominal / 2) }, { periode: '202602', nilai_tagihan: String(nominal / 2) }] },
    ...answers.success,
  };
}

/**
 * A local Digiflazz for tests: the buyer API's /transaction (topup and the postpaid commands) and
 * /inquiry-pln, checking each request's sign against the username and API key, keeping
 * transactions by ref_id (the same ref_id answers the same transaction, never a new one), acting
 * out the published test numbers and sending callbacks signed as Digiflazz signs them. It listens
 * on 127.0.0.1 on a free port.
 */
export async function startFakeDigiflazz(options: FakeDigiflazzOptions): Promise<FakeDigiflazz> {
  const { username, apiKey, webhookSecret } = options;
  const transactions = new Map<string, FakeDigiflazzTransaction>();
  const inquiries = new Map<string, Record<string, unknown>>();
  const requests: FakeDigiflazz['requests'] = [];
  const behaviour = defaultBehaviour();

  const settle: FakeDigiflazz['settle'] = (refId, as) => {
    const transaction = transactions.get(refId);
    if (!transaction) throw new Error(`The fake Digiflazz has no transaction ${refId}`);
    const end = as ?? transaction.settlesAs;
    if (!end) return transaction;
    Object.assign(transaction, end === 'Sukses' ? { ...answers.success, sn: serialNumberOf(transaction) } : answers.failed, { settlesAs: null });
    return transaction;
  };

  const answerOf = (transaction: FakeDigiflazzTransaction): object => {
    const { kind: _kind, settlesAs: _settlesAs, ...fields } = transaction;
    return { ...fields, buyer_last_saldo: 1_000_000 };
  };

  /** A transaction asked about again: a pending one ends first, when the behaviour says so. */
  const recheck = (transaction: FakeDigiflazzTransaction): object => {
    if (transaction.status === 'Pending' && behaviour.settleOnRecheck) settle(transaction.ref_id);
    return answerOf(transaction);
  };

  const newTransaction = (body: Record<string, unknown>, kind: FakeDigiflazzTransaction['kind'], price: number): FakeDigiflazzTransaction => {
    const customerNo = text(body.customer_no);
    const { status, settlesAs } = outcomeOf(customerNo);
    const answer = status === 'Sukses' ? answers.success : status === 'Pending' ? answers.pending : answers.failed;
    const base = { ref_id: text(body.ref_id), customer_no: customerNo, buyer_sku_code: text(body.buyer_sku_code), kind };
    const transaction: FakeDigiflazzTransaction = { ...base, ...answer, sn: status === 'Sukses' ? serialNumberOf(base) : '', price, settlesAs };
    transactions.set(transaction.ref_id, transaction);
    return transaction;
  };

  /** Topup, and topup again: a known ref_id answers its transaction, if it is the same request. */
  const topup = (body: Record<string, unknown>, response: ServerResponse): void => {
    const known = transactions.get(text(body.ref_id));
    if (known && (known.kind !== 'prepaid' || known.customer_no !== body.customer_no || known.buyer_sku_code !== body.buyer_sku_code)) return send(response, 400, answers.refNotUnique);
    send(response, 200, known ? recheck(known) : answerOf(newTransaction(body, 'prepaid', 10_500)));
  };

  const postpaid = (commands: string, body: Record<string, unknown>, response: ServerResponse): void => {
    const refId = text(body.ref_id);
    const customerNo = text(body.customer_no);
    if (commands === 'inq-pasca') {
      if (customerNo.endsWith('9')) return send(response, 200, { ref_id: refId, customer_no: customerNo, ...answers.wrongNumber });
      const bill = billFor(customerNo, text(body.buyer_sku_code), refId);
      inquiries.set(refId, bill);
      return send(response, 200, bill);
    }
    const known = transactions.get(refId);
    if (commands === 'status-pasca') return send(response, 200, known ? recheck(known) : { ref_id: refId, ...answers.notFound });
    if (known) return send(response, 200, recheck(known));
    // Bayar Tagihan pays the bill its inquiry found, under the inquiry's ref_id.
    const bill = inquiries.get(refId);
    if (!bill || bill.customer_no !== customerNo) return send(response, 200, { ref_id: refId, customer_no: customerNo, ...answers.notFound });
    send(response, 200, answerOf(newTransaction(body, 'postpaid', Number(bill.price))));
  };

  const meterCheck = (body: Record<string, unknown>, response: ServerResponse): void => {
    const customerNo = text(body.customer_no);
    if (text(body.sign) !== digiflazzSign(username, apiKey, customerNo)) return send(response, 400, answers.badSignature);
    if (customerNo.endsWith('9')) return send(response, 200, { customer_no: customerNo, ...answers.wrongNumber });
    send(response, 200, { ...answers.success, customer_no: customerNo, meter_no: customerNo, subscriber_id: `52${customerNo.slice(-10)}`, name: 'DAVID', segment_power: 'R1 /000001300' });
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (behaviour.unavailable) {
      response.writeHead(503, { 'content-type': 'text/html' });
      return void response.end('<html><body>Service Unavailable</body></html>');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    } catch {
      return send(response, 400, answers.payloadError);
    }
    requests.push({ path, body });
    if (request.method !== 'POST' || (path !== '/transaction' && path !== '/inquiry-pln')) return send(response, 404, answers.payloadError);
    if (body.username !== username) return send(response, 400, answers.badUsername);
    if (path === '/inquiry-pln') return meterCheck(body, response);
    if (typeof body.ref_id !== 'string' || typeof body.customer_no !== 'string' || typeof body.buyer_sku_code !== 'string') return send(response, 400, answers.payloadError);
    if (body.sign !== digiflazzSign(username, apiKey, body.ref_id)) return send(response, 400, { ref_id: body.ref_id, ...answers.badSignature });
    const commands = body.commands;
    if (commands === undefined) return topup(body, response);
    if (commands === 'inq-pasca' || commands === 'pay-pasca' || commands === 'status-pasca') return postpaid(commands, body, response);
    send(response, 400, answers.payloadError);
  };

  const callback: FakeDigiflazz['callback'] = (refId, { forge = false, event = 'update' } = {}) => {
    const transaction = transactions.get(refId);
    if (!transaction) throw new Error(`The fake Digiflazz has no transaction ${refId}`);
    const { kind, settlesAs: _settlesAs, ...fields } = transaction;
    const body = JSON.stringify({ data: { trx_id: digitsOf(refId, 24), ...fields, buyer_last_saldo: 1_000_000, tele: '', wa: '' } });
    const headers = {
      'content-type': 'application/json',
      'user-agent': kind === 'postpaid' ? 'DigiFlazz-Pasca-Hookshot/1.0' : 'DigiFlazz-Hookshot/1.0',
      'x-digiflazz-event': event,
      'x-digiflazz-delivery': randomUUID(),
      'x-hub-signature': digiflazzCallbackSignature(body, forge ? `${webhookSecret}-forged` : webhookSecret),
    };
    return { body, headers };
  };

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => send(response, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    behaviour,
    transactions,
    requests,
    settle,
    callback,
    sendCallback: async (refId, url, callbackOptions = {}) => {
      const { body, headers } = callback(refId, callbackOptions);
      const answer = await fetch(url, { method: 'POST', headers, body });
      return { statusCode: answer.status, body: await answer.text() };
    },
    reset: () => void Object.assign(behaviour, defaultBehaviour()),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
