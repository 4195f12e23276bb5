import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  errorBodySchema,
  inboxPageSchema,
  integrationReceiptAnswerSchema,
  integrationReceiptCampaignAnswerSchema,
  integrationReceiptCampaignListSchema,
  integrationReceiptListSchema,
  receiptAnswerSchema,
  receiptCampaignAnswerSchema,
  receiptListAnswerSchema,
  scanResponseSchema,
} from '@kartu/contracts';
import { DAY_MS, HOUR_MS } from '@kartu/core/calendar';
import { kartuOn } from '../../cli/cli.test-support.ts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { callIntegration } from '../../integration/integration.test-support.ts';
import { memberWithCard, newProgram, send, type CardMember } from '../../modules/cards/cards.test-support.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { testPicture } from '../../modules/media/media.test-support.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

async function setup() {
  // 1 point for every Rp 1,000.
  const program = await newProgram(testApp, merchantId, { name: `Receipts ${randomUUID().slice(0, 6)}`, expiryPolicy: 'none', expiryDays: null, earnRateNumerator: 1n, earnRateDenominator: 1000n });
  const member = await memberWithCard(testApp, { merchantId, programId: program.id });
  const { key } = await createApiKey({ db: testApp.db, merchantId, name: 'Back office' });
  return { program, member, key };
}

async function campaign(key: string, programId: string, overrides: Record<string, unknown> = {}) {
  const now = testApp.clock.now().getTime();
  const code = `MALL-${randomUUID().slice(0, 6)}`;
  const response = await callIntegration(testApp, 'POST', '/receipt-campaigns', {
    key,
    body: { programId, code: code.toLowerCase(), name: 'Senayan City receipts', description: 'Any receipt from the mall.', startsAt: new Date(now - HOUR_MS).toISOString(), endsAt: new Date(now + 30 * DAY_MS).toISOString(), ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return integrationReceiptCampaignAnswerSchema.parse(response.json()).data;
}

function upload(member: CardMember, bytes: Buffer, { code, contentType = 'image/jpeg', cardId = member.card.id }: { code?: string; contentType?: string; cardId?: string } = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/cards/${cardId}/receipts${code ? `?code=${encodeURIComponent(code)}` : ''}`,
    headers: { host: 'localhost', authorization: `Bearer ${member.token}`, 'content-type': contentType },
    payload: bytes,
  });
}

const photo = () => testPicture({ width: 900, height: 1600, format: 'jpeg', background: '#f4f1ea' });
const receiptsOf = async (member: CardMember) => receiptListAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/receipts`, { member })).json()).data;

describe('receipts', () => {
  it('a photo sent to a campaign waits for review; approved, the card earns by its rate and the member is told', async () => {
    const { program, member, key } = await setup();
    const mall = await campaign(key, program.id);
    expect(mall.code).toBe(mall.code.toUpperCase());

    const read = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/receipt-campaigns/${mall.code.toLowerCase()}`, { member });
    expect(receiptCampaignAnswerSchema.parse(read.json()).data).toMatchObject({ code: mall.code, name: 'Senayan City receipts', programName: program.name });
    const scanned = await send(testApp, 'POST', '/api/qr/scan', { member, body: { code: mall.code } });
    expect(scanResponseSchema.parse(scanned.json()).data).toEqual({ kind: 'receipt', receipt: { code: mall.code, cardId: member.card.id, campaignName: 'Senayan City receipts' } });

    const sent = await upload(member, await photo(), { code: mall.code });
    expect(sent.statusCode, sent.body).toBe(201);
    const receipt = receiptAnswerSchema.parse(sent.json()).data;
    expect(receipt).toMatchObject({ status: 'submitted', campaign: { code: mall.code }, earned: null, unit: 'POINT' });

    const queue = integrationReceiptListSchema.parse((await callIntegration(testApp, 'GET', '/receipts', { key })).json()).data;
    expect(queue.find((entry) => entry.id === receipt.id)).toMatchObject({ cardNumber: member.card.number, campaignCode: mall.code, contentType: 'image/webp' });
    const image = await callIntegration(testApp, 'GET', `/receipts/${receipt.id}/image`, { key });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 900, height: 1600 });

    const approved = await callIntegration(testApp, 'POST', `/receipts/${receipt.id}/review`, { key, body: { decision: 'approve', amount: 87_500 } });
    expect(integrationReceiptAnswerSchema.parse(approved.json()).data).toMatchObject({ status: 'approved', amount: 87_500, earned: 87, billNumber: `RECEIPT-${receipt.id}` });
    expect(await getBalance({ db: testApp.db, card: member.card, now: testApp.clock.now() })).toBe(87n);
    expect((await receiptsOf(member))[0]).toMatchObject({ id: receipt.id, status: 'approved', earned: 87 });
    const inbox = inboxPageSchema.parse((await send(testApp, 'GET', '/api/v2/inbox', { member })).json());
    expect(inbox.data.map((message) => message.facts)).toContainEqual({ kind: 'receipt_reviewed', decision: 'approved', points: 87, unit: 'POINT', note: null, programName: program.name });

    const twice = await callIntegration(testApp, 'POST', `/receipts/${receipt.id}/review`, { key, body: { decision: 'reject', note: 'Blurry' } });
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'RECEIPT_ALREADY_REVIEWED']);
    const campaigns = integrationReceiptCampaignListSchema.parse((await callIntegration(testApp, 'GET', '/receipt-campaigns', { key })).json()).data;
    expect(campaigns.find((entry) => entry.id === mall.id)?.receipts).toBe(1);
  });

  it('a rejected receipt says why and earns nothing; a bill number reported before is refused', async () => {
    const { member, key } = await setup();
    const receipt = receiptAnswerSchema.parse((await upload(member, await photo(), { contentType: 'image/png' })).json()).data;
    expect(receipt.campaign).toBeNull();
    const rejected = await callIntegration(testApp, 'POST', `/receipts/${receipt.id}/review`, { key, body: { decision: 'reject', note: 'The total is not readable' } });
    expect(integrationReceiptAnswerSchema.parse(rejected.json()).data).toMatchObject({ status: 'rejected', note: 'The total is not readable', earned: null });
    expect((await receiptsOf(member))[0]).toMatchObject({ status: 'rejected', note: 'The total is not readable' });

    const billNumber = `B-${randomUUID()}`;
    await callIntegration(testApp, 'POST', '/purchases', { key, body: { cardNumber: member.card.number, amount: 1000, billNumber } });
    testApp.clock.advance(60_000);
    const second = receiptAnswerSchema.parse((await upload(member, await photo())).json()).data;
    const conflict = await callIntegration(testApp, 'POST', `/receipts/${second.id}/review`, { key, body: { decision: 'approve', amount: 5000, billNumber } });
    expect([conflict.statusCode, codeOf(conflict)]).toEqual([409, 'CONFLICT']);
    expect((await receiptsOf(member))[0]).toMatchObject({ id: second.id, status: 'submitted' });
  });

  it('checks the photo by its content and size, not by its declared type', async () => {
    const { member } = await setup();
    const fake = await upload(member, Buffer.from('%PDF-1.7 not a picture at all'), { contentType: 'image/jpeg' });
    expect([fake.statusCode, codeOf(fake)]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const pdf = await upload(member, await photo(), { contentType: 'application/pdf' });
    expect(pdf.statusCode).toBe(415);
    const tooBig = await upload(member, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(await receiptsOf(member)).toEqual([]);
  });

  it('refuses a code the merchant does not have, a campaign not started or ended, another program’s, and a stranger’s card', async () => {
    const { program, member, key } = await setup();
    const now = testApp.clock.now().getTime();
    const bytes = await photo();
    expect(codeOf(await upload(member, bytes, { code: 'NO-SUCH-CODE' }))).toBe('RECEIPT_CAMPAIGN_NOT_FOUND');
    const later = await campaign(key, program.id, { startsAt: new Date(now + HOUR_MS).toISOString() });
    expect(codeOf(await upload(member, bytes, { code: later.code }))).toBe('CODE_INACTIVE');
    const ended = await campaign(key, program.id, { startsAt: new Date(now - 2 * HOUR_MS).toISOString(), endsAt: new Date(now - HOUR_MS).toISOString() });
    expect(codeOf(await upload(member, bytes, { code: ended.code }))).toBe('CODE_EXPIRED');
    const otherProgram = await newProgram(testApp, merchantId, { name: 'Other receipts' });
    const theirs = await campaign(key, otherProgram.id);
    const wrong = await upload(member, bytes, { code: theirs.code });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([422, 'CODE_WRONG_PROGRAM']);
    const scanWrong = await send(testApp, 'POST', '/api/qr/scan', { member, body: { code: theirs.code } });
    expect(codeOf(scanWrong)).toBe('CODE_WRONG_PROGRAM');

    const stranger = await memberWithCard(testApp, { merchantId, programId: program.id });
    const theirCard = await upload(member, bytes, { cardId: stranger.card.id });
    expect([theirCard.statusCode, codeOf(theirCard)]).toEqual([404, 'CARD_NOT_FOUND']);
    expect((await send(testApp, 'GET', `/api/v2/cards/${stranger.card.id}/receipts`, { member })).statusCode).toBe(404);
    expect(await receiptsOf(member)).toEqual([]);
    expect((await callIntegration(testApp, 'POST', '/receipt-campaigns', { key, body: { programId: program.id, code: later.code, name: 'Again', startsAt: new Date(now).toISOString(), endsAt: new Date(now + DAY_MS).toISOString() } })).statusCode).toBe(409);
  });

  it('takes at most 10 receipts from a member in any 24 hours', async () => {
    const { member } = await setup();
    const bytes = await photo();
    for (let sent = 0; sent < 10; sent += 1) {
      const response = await upload(member, bytes);
      expect(response.statusCode, response.body).toBe(201);
    }
    const eleventh = await upload(member, bytes);
    expect([eleventh.statusCode, codeOf(eleventh)]).toEqual([429, 'RECEIPT_DAILY_LIMIT']);
    testApp.clock.advance(DAY_MS);
    expect((await upload(member, bytes)).statusCode).toBe(201);
  });

  it('the operator commands make a campaign, list the queue and review a receipt', async () => {
    const kartu = kartuOn(() => testApp);
    const { program, member } = await setup();
    const code = `CLI-${randomUUID().slice(0, 6).toUpperCase()}`;
    const made = await kartu('receipts', 'campaign', '--program', program.id, '--code', code, '--name', 'Counter receipts', '--starts', new Date(testApp.clock.now().getTime() - HOUR_MS).toISOString(), '--ends', new Date(testApp.clock.now().getTime() + DAY_MS).toISOString());
    expect(made.code, made.error).toBe(0);
    const receipt = receiptAnswerSchema.parse((await upload(member, await photo(), { code })).json()).data;
    expect((await kartu('receipts', 'list', '--merchant', 'KOPISENJA')).out).toContain(receipt.id);
    expect((await kartu('receipts', 'review', '--merchant', 'KOPISENJA', '--id', receipt.id, '--approve')).code).toBe(2);
    const approved = await kartu('receipts', 'review', '--merchant', 'KOPISENJA', '--id', receipt.id, '--approve', '--amount', '40000');
    expect(approved.out).toContain('earned 40');
    const again = await kartu('receipts', 'review', '--merchant', 'KOPISENJA', '--id', receipt.id, '--reject', '--note', 'x');
    expect(again.code).toBe(1);
  });
});
