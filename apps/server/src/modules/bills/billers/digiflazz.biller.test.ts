import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BillerRequest, BillerResult } from './biller.ts';
import { digiflazzBiller, digiflazzCallbackSignature, digiflazzSign, type DigiflazzBillerConfig } from './digiflazz.biller.ts';
import { startFakeDigiflazz, type FakeDigiflazz } from './digiflazz.fake.ts';

const account = { username: 'kartutest', apiKey: 'dev-4f1c2a9e-api-key', webhookSecret: 'digiflazz-webhook-secret' };

let fake: FakeDigiflazz;

const billerAtFake = (overrides: Partial<DigiflazzBillerConfig> = {}) => digiflazzBiller({ ...account, baseUrl: fake.baseUrl, testing: true, ...overrides });
const topup = (customerNo: string, skuCode = 'xld10'): BillerRequest => ({ skuCode, kind: 'prepaid', refId: randomUUID(), customerNo });
const bill = (customerNo: string): BillerRequest => ({ skuCode: 'pln', kind: 'postpaid', refId: randomUUID(), customerNo });

beforeAll(async () => {
  fake = await startFakeDigiflazz(account);
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => fake.reset());

describe('buying prepaid products from Digiflazz', () => {
  it('buys with a signed topup in development mode and answers success with the serial number', async () => {
    const request = topup('087800001230');
    const result = await billerAtFake().pay(request);
    expect(result).toEqual({ refId: request.refId, status: 'success', serialNumber: expect.stringMatching(/^\d{20}$/), message: 'Transaksi Sukses', code: '00' });
    expect(fake.requests.at(-1)).toEqual({
      path: '/transaction',
      body: { username: account.username, buyer_sku_code: 'xld10', customer_no: '087800001230', ref_id: request.refId, sign: digiflazzSign(account.username, account.apiKey, request.refId), testing: true },
    });
  });

  it('answers a failure with its code and message', async () => {
    expect(await billerAtFake().pay(topup('087800001232'))).toMatchObject({ status: 'failed', serialNumber: null, code: '02', message: 'Transaksi Gagal' });
  });

  it('answers pending, then success with the serial number when asked again', async () => {
    const biller = billerAtFake();
    const request = topup('087800001233');
    expect(await biller.pay(request)).toMatchObject({ status: 'pending', serialNumber: null, code: '03' });
    const settled = await biller.status(request);
    expect(settled).toMatchObject({ status: 'success', code: '00', serialNumber: fake.transactions.get(request.refId)?.sn });
    expect(settled.serialNumber).toBeTruthy();
  });

  it('answers pending, then failure when asked again', async () => {
    const biller = billerAtFake();
    const request = topup('087800001234');
    expect((await biller.pay(request)).status).toBe('pending');
    expect(await biller.status(request)).toMatchObject({ status: 'failed', serialNumber: null });
  });

  it('gets the same transaction for the same ref_id, never a second one', async () => {
    const biller = billerAtFake();
    const request = topup('087800001230');
    const first = await biller.pay(request);
    const count = fake.transactions.size;
    expect(await biller.pay(request)).toEqual(first);
    expect(await biller.status(request)).toEqual(first);
    expect(fake.transactions.size).toBe(count);
  });

  it('reads a token with its name and power as the serial number', async () => {
    expect((await billerAtFake().pay(topup('14123456780', 'pln20'))).serialNumber).toMatch(/^\d{4}(-\d{4}){4}\/DAVID\/R1\/1300VA\//);
  });

  it('fails a payment signed with a wrong API key with Digiflazz’s own words, and throws on a status question', async () => {
    const wrongKey = billerAtFake({ apiKey: 'not-the-key' });
    const request = topup('087800001230');
    expect(await wrongKey.pay(request)).toEqual({ refId: request.refId, status: 'failed', serialNumber: null, message: 'Signature tidak valid', code: '41' });
    expect(fake.transactions.has(request.refId)).toBe(false);
    // A refused question says nothing about the transaction: it must not be read as failed.
    await expect(wrongKey.status(request)).rejects.toThrow('Digiflazz refused the status request: 41 Signature tidak valid');
  });

  it('throws while Digiflazz is down or out of reach, and never puts the key in what it throws', async () => {
    fake.behaviour.unavailable = true;
    await expect(billerAtFake().pay(topup('087800001230'))).rejects.toThrow('Digiflazz answered HTTP 503');
    fake.behaviour.unavailable = false;
    const down = await startFakeDigiflazz(account);
    await down.close();
    const error = await billerAtFake({ baseUrl: down.baseUrl }).pay(topup('087800001230')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'DigiflazzError', message: expect.stringContaining('could not be reached') });
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(account.apiKey);
  });

  it('throws on an answer that is not a Digiflazz transaction', async () => {
    const notDigiflazz = billerAtFake({ fetch: async () => new Response('<html>gateway</html>', { status: 404 }) });
    await expect(notDigiflazz.pay(topup('087800001230'))).rejects.toThrow('without a transaction');
  });
});

describe('paying bills at Digiflazz', () => {
  it('checks a bill: the customer, the periods, the amount with its admin fee, and the bill’s lines', async () => {
    const request = bill('530000000001');
    expect(await billerAtFake().inquiry(request)).toEqual({
      found: true,
      customerName: 'Nama Pelanggan Pertama',
      period: '202601, 202602',
      amount: 102_501n,
      adminFee: 2_500n,
      details: { tarif: 'R1', daya: '1300', lembar_tagihan: '2' },
    });
    expect(fake.requests.at(-1)?.body).toMatchObject({ commands: 'inq-pasca', customer_no: '530000000001', ref_id: request.refId });
  });

  it('finds no bill with Digiflazz’s message', async () => {
    expect(await billerAtFake().inquiry(bill('530000000009'))).toEqual({ found: false, message: 'Nomor Tujuan Salah' });
  });

  it('pays the checked bill under the inquiry’s ref_id, and asks about a pending one with status-pasca', async () => {
    const biller = billerAtFake();
    const paid = bill('530000000001');
    await biller.inquiry(paid);
    expect(await biller.pay(paid)).toMatchObject({ status: 'success', serialNumber: expect.stringMatching(/^[0-9A-F]{32}$/) });
    const pending = bill('530000000003');
    await biller.inquiry(pending);
    expect(await biller.pay(pending)).toMatchObject({ status: 'pending' });
    expect(await biller.status(pending)).toMatchObject({ status: 'success' });
    expect(fake.requests.at(-1)?.body).toMatchObject({ commands: 'status-pasca', ref_id: pending.refId });
  });

  it('checks an electricity meter before a token is bought', async () => {
    const biller = billerAtFake();
    expect(await biller.inquiry(topup('14123456780', 'pln20'))).toEqual({
      found: true,
      customerName: 'DAVID',
      period: null,
      amount: 0n,
      adminFee: 0n,
      details: { meter_no: '14123456780', subscriber_id: '524123456780', segment_power: 'R1 /000001300' },
    });
    expect(await biller.inquiry(topup('14123456789', 'pln20'))).toEqual({ found: false, message: 'Nomor Tujuan Salah' });
  });

  it('throws on a bill check Digiflazz refused for the account, rather than calling the bill missing', async () => {
    await expect(billerAtFake({ apiKey: 'not-the-key' }).inquiry(bill('530000000001'))).rejects.toThrow('Signature tidak valid');
  });
});

describe("Digiflazz's callbacks", () => {
  let receiver: Server;
  let received: BillerResult | null | undefined;

  beforeAll(async () => {
    const biller = billerAtFake();
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
        received = biller.verifyWebhook({ body: Buffer.concat(chunks).toString('utf8'), headers });
        response.writeHead(received ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const receiverUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/bills/digiflazz`;

  it('reads a callback signed with the webhook secret into the transaction’s result', async () => {
    const request = topup('087800001233');
    await billerAtFake().pay(request);
    fake.settle(request.refId);
    expect((await fake.sendCallback(request.refId, receiverUrl())).statusCode).toBe(200);
    expect(received).toEqual({ refId: request.refId, status: 'success', serialNumber: fake.transactions.get(request.refId)?.sn, message: 'Transaksi Sukses', code: '00' });
  });

  it('answers null to a forged signature and to a signed body that is not a callback', async () => {
    const request = topup('087800001234');
    await billerAtFake().pay(request);
    fake.settle(request.refId, 'Sukses');
    expect((await fake.sendCallback(request.refId, receiverUrl(), { forge: true })).statusCode).toBe(401);
    expect(received).toBeNull();

    const biller = billerAtFake();
    const { body, headers } = fake.callback(request.refId);
    expect(biller.verifyWebhook({ body: body.replace('"Sukses"', '"Gagal"'), headers })).toBeNull();
    expect(biller.verifyWebhook({ body, headers: { ...headers, 'x-hub-signature': undefined } })).toBeNull();
    // Signed with the right secret, but no transaction in it.
    for (const notCallback of ['{"hello":"world"}', '{"data":{"status":"Sukses"}}', '{"data":{"ref_id":"r","status":"Teleported"}}', 'not json']) {
      const signed = { 'x-hub-signature': digiflazzCallbackSignature(notCallback, account.webhookSecret) };
      expect(biller.verifyWebhook({ body: notCallback, headers: signed })).toBeNull();
    }
  });
});
