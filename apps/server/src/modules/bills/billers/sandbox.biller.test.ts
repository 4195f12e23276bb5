import { describe, expect, it } from 'vitest';
import type { BillerRequest } from './biller.ts';
import { billerFor } from './biller-config.ts';
import { sandboxBiller, sandboxBillerSecret, signSandboxBillerCallback } from './sandbox.biller.ts';

const biller = sandboxBiller({ now: () => new Date('2026-03-15T08:00:00Z') });

const prepaid = (customerNo: string, overrides: Partial<BillerRequest> = {}): BillerRequest => ({ skuCode: 'xld10', kind: 'prepaid', refId: `ref-${customerNo}`, customerNo, ...overrides });
const postpaid = (customerNo: string, skuCode = 'pln'): BillerRequest => ({ skuCode, kind: 'postpaid', refId: `bill-${customerNo}`, customerNo });

describe('the sandbox biller', () => {
  it("replays Digiflazz's published test numbers", async () => {
    expect(await biller.pay(prepaid('087800001230'))).toMatchObject({ status: 'success', code: '00', serialNumber: expect.stringMatching(/^88\d{17}$/) });
    expect(await biller.pay(prepaid('087800001232'))).toMatchObject({ status: 'failed', serialNumber: null, code: '02' });
    expect(await biller.pay(prepaid('087800001233'))).toMatchObject({ status: 'pending', serialNumber: null, code: '03' });
    expect(await biller.pay(prepaid('087800001234'))).toMatchObject({ status: 'pending' });
  });

  it('answers the end of a pending payment to any status question, keeping nothing', async () => {
    expect(await biller.status(prepaid('087800001233'))).toMatchObject({ status: 'success', serialNumber: expect.any(String) });
    expect(await biller.status(prepaid('087800001234'))).toMatchObject({ status: 'failed', serialNumber: null });
    expect(await sandboxBiller().status(prepaid('087800001233'))).toMatchObject({ status: 'success' });
  });

  it('gives the same request the same serial number, and another request another', async () => {
    const first = await biller.pay(prepaid('081234567890'));
    expect(await biller.pay(prepaid('081234567890'))).toEqual(first);
    expect(await biller.status(prepaid('081234567890'))).toEqual(first);
    expect((await biller.pay(prepaid('081234567890', { refId: 'another' }))).serialNumber).not.toBe(first.serialNumber);
  });

  it('sells an electricity token as PLN prints it: twenty digits in fours, the name, tariff and power', async () => {
    const token = await biller.pay(prepaid('14123456780', { skuCode: 'pln20' }));
    expect(token.serialNumber).toMatch(/^\d{4}(-\d{4}){4}\/[A-Z]+\/R1\/1300VA\/\d+\.\d$/);
  });

  it('checks a bill: a name, its months, an amount from Rp 50,000 to Rp 750,000 with the Rp 2,500 admin fee', async () => {
    const bill = await biller.inquiry(postpaid('530000000001'));
    expect(bill).toMatchObject({ found: true, adminFee: 2_500n, details: { tarif: 'R1', daya: '1300' } });
    if (!bill.found) throw new Error('expected a bill');
    expect(bill.customerName).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(bill.period).toMatch(/^2026(01, 202602|02)$/);
    for (const customerNo of ['530000000001', '0001234567890', '8888888888888', '10000697000']) {
      const answer = await biller.inquiry(postpaid(customerNo, 'bpjs'));
      if (!answer.found) throw new Error('expected a bill');
      expect(answer.amount).toBeGreaterThanOrEqual(50_000n);
      expect(answer.amount).toBeLessThanOrEqual(750_000n);
      expect(answer.details).toHaveProperty('jumlah_peserta');
    }
    expect(await biller.inquiry(postpaid('530000000001'))).toEqual(bill);
  });

  it('finds no bill for a number ending in 9, and fails its payment', async () => {
    expect(await biller.inquiry(postpaid('530000000009'))).toEqual({ found: false, message: 'Bill not found' });
    expect(await biller.pay(postpaid('530000000009'))).toMatchObject({ status: 'failed', message: 'Bill not found' });
  });

  it('pays a bill, pending or at once, by the same last digits', async () => {
    expect(await biller.pay(postpaid('530000000001', 'pdam'))).toMatchObject({ status: 'success', serialNumber: expect.stringMatching(/^[0-9A-F]{32}$/) });
    expect(await biller.pay(postpaid('530000000003'))).toMatchObject({ status: 'pending' });
    expect(await biller.status(postpaid('530000000003'))).toMatchObject({ status: 'success' });
  });

  it('checks an electricity meter for a token', async () => {
    expect(await biller.inquiry(prepaid('14123456780', { skuCode: 'pln20' }))).toMatchObject({ found: true, amount: 0n, details: { segment_power: 'R1 /000001300' } });
    expect(await biller.inquiry(prepaid('14123456789', { skuCode: 'pln20' }))).toMatchObject({ found: false });
  });

  it('takes a callback signed as Digiflazz would with the sandbox key, and nothing else', () => {
    const body = JSON.stringify({ data: { ref_id: 'ref-1', customer_no: '087800001233', buyer_sku_code: 'xld10', status: 'Sukses', rc: '00', message: 'Transaksi Sukses', sn: '8800123400012345678' } });
    expect(biller.verifyWebhook({ body, headers: signSandboxBillerCallback(body) })).toEqual({ refId: 'ref-1', status: 'success', serialNumber: '8800123400012345678', message: 'Transaksi Sukses', code: '00' });
    const headers = signSandboxBillerCallback(body);
    expect(biller.verifyWebhook({ body: body.replace('Sukses', 'Gagal'), headers })).toBeNull();
    expect(biller.verifyWebhook({ body, headers: { 'x-hub-signature': headers['x-hub-signature']?.replace(/.$/, '0') } })).toBeNull();
    expect(biller.verifyWebhook({ body, headers: {} })).toBeNull();
    expect(sandboxBillerSecret).toBe('sandbox-biller-secret');
  });
});

describe('choosing the biller', () => {
  const digiflazz = { username: 'kartu', apiKey: 'dev-key', webhookSecret: 'hook-secret' };

  it('uses Digiflazz when it is configured, else the sandbox outside production', () => {
    expect(billerFor({ production: true, digiflazz }).name).toBe('digiflazz');
    expect(billerFor({ production: false, digiflazz }).name).toBe('digiflazz');
    expect(billerFor({ production: false }).name).toBe('sandbox');
  });

  it('never sells from the sandbox in production: without Digiflazz every call is unavailable', async () => {
    const biller = billerFor({ production: true });
    await expect(biller.pay({ refId: 'r', skuCode: 'xld10', kind: 'prepaid', customerNo: '087800001230' })).rejects.toMatchObject({ code: 'BILLER_UNAVAILABLE' });
    expect(biller.verifyWebhook({ body: '{}', headers: {} })).toBeNull();
  });

  it('refuses half a Digiflazz configuration, naming what is missing', () => {
    expect(() => billerFor({ production: true, digiflazz: { ...digiflazz, webhookSecret: undefined } })).toThrow(/set DIGIFLAZZ_WEBHOOK_SECRET$/);
    expect(() => billerFor({ production: false, digiflazz: { username: 'kartu' } })).toThrow('DIGIFLAZZ_API_KEY, DIGIFLAZZ_WEBHOOK_SECRET');
  });
});
