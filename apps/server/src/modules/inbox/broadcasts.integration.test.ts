import { randomInt } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_PHONES_MAX, type IntegrationBroadcastBody } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core/calendar';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../../test/integration-client.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { bulkMembers, merchantOfItsOwn, messagesOfBroadcast, onceEach, recipientsOf, runBroadcastJobs } from '../../use-cases/send-broadcast/send-broadcast.test-support.ts';
import { users } from '../auth/users.table.ts';
import { issueCard } from '../cards/cards.service.ts';
import { newProgram, send } from '../cards/cards.test-support.ts';
import { jobs } from '../jobs/jobs.table.ts';
import { earn } from '../ledger/points.service.ts';
import { programLevels } from '../programs/programs.table.ts';
import { broadcasts } from './broadcasts.table.ts';
import { leaveMessage } from './inbox.service.ts';
import { messagesOf } from './inbox.test-support.ts';

// POST and GET /integration/v1/broadcasts, and the pages the job writes for each audience.

let testApp: TestApp;
let kopiSenjaId: number;
useTestApp((made) => ({ testApp, merchantId: kopiSenjaId } = made));

let merchantId: number;
let apiKey: string;
let backOffice: IntegrationClient;

beforeAll(async () => {
  ({ merchantId, key: apiKey } = await merchantOfItsOwn(testApp));
  backOffice = await integrationClient(testApp, { key: apiKey });
});

const promo = (audience: IntegrationBroadcastBody['audience'], changes: Partial<IntegrationBroadcastBody> = {}): IntegrationBroadcastBody => ({
  audience,
  title: ' Weekend promo: double points ',
  text: 'Double points on every Kopi Susu this Saturday and Sunday.',
  link: '/cards',
  ...changes,
});

const sendBroadcast = (body: IntegrationBroadcastBody, { client = backOffice, key = newWriteKey() }: { client?: IntegrationClient; key?: string } = {}) =>
  client.POST('/integration/v1/broadcasts', { params: { header: { 'idempotency-key': key } }, body });
const progressOf = (broadcastId: string, client = backOffice) => client.GET('/integration/v1/broadcasts/{broadcastId}', { params: { path: { broadcastId } } });

const broadcastsOfMerchant = async (id: number) => (await testApp.db.select({ value: count() }).from(broadcasts).where(eq(broadcasts.merchantId, id)))[0]?.value;

/** A points program of the merchant: Bronze from the start, Silver at 100 points, Gold at 300. */
async function leveledProgram() {
  return newProgram(testApp, merchantId, { expiryPolicy: 'none', expiryDays: null }, [
    { name: 'Bronze', rank: 1, experience: 0n },
    { name: 'Silver', rank: 2, experience: 100n },
    { name: 'Gold', rank: 3, experience: 300n },
  ]);
}

describe('once keys', () => {
  it('leave a message of a key once per member, and tell the caller when it was not written', async () => {
    const [rani, budi] = await bulkMembers(testApp, { merchantId, count: 2 });
    const message = (userId: string) => ({
      merchantId,
      userId,
      cardId: null,
      facts: { kind: 'level_reached', levelName: 'Gold', programName: 'Kopi Points' } as const,
      link: '/cards',
      now: testApp.clock.now(),
      onceKey: 'level_reached:test:3',
    });
    const first = await leaveMessage(testApp.db, message(rani?.userId ?? ''));
    expect(first?.onceKey).toBe('level_reached:test:3');
    expect(await leaveMessage(testApp.db, message(rani?.userId ?? ''))).toBeUndefined();
    expect(await leaveMessage(testApp.db, message(budi?.userId ?? ''))).toBeDefined();
    expect((await messagesOf(testApp, rani?.userId ?? '')).map((row) => row.id)).toEqual([first?.id]);
    // Without a key, every message is written.
    const { onceKey: _key, ...keyless } = message(rani?.userId ?? '');
    await leaveMessage(testApp.db, keyless);
    await leaveMessage(testApp.db, keyless);
    expect(await messagesOf(testApp, rani?.userId ?? '')).toHaveLength(3);
  });
});

describe('POST /integration/v1/broadcasts', () => {
  it("answers 202 at once, then the job leaves the merchant's words once in the inbox of every member holding one of its cards", async () => {
    const program = await newProgram(testApp, merchantId);
    const holders = await bulkMembers(testApp, { merchantId, programId: program.id, count: 5 });
    const [cardless] = await bulkMembers(testApp, { merchantId, count: 1 });
    const [leaving] = await bulkMembers(testApp, { merchantId, programId: program.id, count: 1 });
    await testApp.db.update(users).set({ deletionRequestedAt: testApp.clock.now() }).where(eq(users.id, leaving?.userId ?? ''));
    const [elsewhere] = await bulkMembers(testApp, { merchantId: kopiSenjaId, programId: (await newProgram(testApp, kopiSenjaId)).id, count: 1 });

    const { data, response } = await sendBroadcast(promo({ kind: 'everyone' }));
    expect(response.status).toBe(202);
    const id = data?.data.id ?? '';
    expect(data).toEqual({ data: { id: expect.any(String), status: 'queued', sent: 0, createdAt: testApp.clock.now().toISOString(), finishedAt: null } });
    expect(await messagesOfBroadcast(testApp, id)).toEqual([]);

    testApp.clock.advance(1000);
    // Pages of 2: three pages for the 5 holders, the third one short.
    expect(await runBroadcastJobs(testApp)).toBeGreaterThanOrEqual(3);
    expect(await recipientsOf(testApp, id)).toEqual(onceEach(holders));
    const [message] = await messagesOfBroadcast(testApp, id);
    expect(message).toMatchObject({
      merchantId,
      cardId: null,
      facts: { kind: 'merchant', title: 'Weekend promo: double points', text: 'Double points on every Kopi Susu this Saturday and Sunday.' },
      link: '/cards',
      onceKey: `broadcast:${id}`,
      createdAt: testApp.clock.now(),
      readAt: null,
    });
    for (const nobody of [cardless, leaving, elsewhere]) expect(await messagesOf(testApp, nobody?.userId ?? '')).toEqual([]);
    const progress = await progressOf(id);
    expect(progress.data).toEqual({ data: { id, status: 'done', sent: 5, createdAt: data?.data.createdAt, finishedAt: testApp.clock.now().toISOString() } });
  });

  it("reaches the members whose card of the program holds the level now, by the ledger's earnings and the level's retention", async () => {
    const program = await leveledProgram();
    const [bronze, silver, gold, twoCards, lapsed] = await bulkMembers(testApp, { merchantId, programId: program.id, count: 5 });
    const earnOn = async (card: { id: string } | undefined, points: bigint, daysAgo = 0) => {
      const member = [bronze, silver, gold, twoCards, lapsed].find((candidate) => candidate?.card?.id === card?.id);
      if (member?.card) await earn({ db: testApp.db, merchantId, card: member.card, amount: points, now: new Date(testApp.clock.now().getTime() - daysAgo * DAY_MS) });
    };
    await earnOn(silver?.card, 150n);
    await earnOn(gold?.card, 400n);
    await earnOn(twoCards?.card, 20n);
    // twoCards holds a second card of the program, at Silver.
    const second = await issueCard({ db: testApp.db, merchantId, programId: program.id, ownerUserId: twoCards?.userId ?? null });
    await earn({ db: testApp.db, merchantId, card: second, amount: 120n, now: testApp.clock.now() });
    // Silver is kept only with 50 points earned in the retention period: lapsed earned hers long ago.
    await testApp.db
      .update(programLevels)
      .set({ retentionExperience: 50n })
      .where(and(eq(programLevels.programId, program.id), eq(programLevels.rank, 2)));
    await earnOn(lapsed?.card, 150n, 400);
    // A holder of another program is no member of this audience.
    const [other] = await bulkMembers(testApp, { merchantId, programId: (await newProgram(testApp, merchantId)).id, count: 1 });

    const { data, response } = await sendBroadcast(promo({ kind: 'level', programId: program.id, levelRank: 2 }));
    expect(response.status).toBe(202);
    await runBroadcastJobs(testApp);
    const id = data?.data.id ?? '';
    expect(await recipientsOf(testApp, id)).toEqual(onceEach([silver, twoCards].flatMap((member) => (member ? [member] : []))));
    for (const nobody of [bronze, gold, lapsed, other]) expect(await messagesOf(testApp, nobody?.userId ?? '')).toEqual([]);
    expect((await progressOf(id)).data?.data).toMatchObject({ status: 'done', sent: 2 });
  });

  it('reaches the members among the phones, once each however often a phone is listed, and passes over phones of no member here', async () => {
    const members = await bulkMembers(testApp, { merchantId, count: 3 });
    const [notListed] = await bulkMembers(testApp, { merchantId, count: 1 });
    const [elsewhere] = await bulkMembers(testApp, { merchantId: kopiSenjaId, count: 1 });
    const phones = [...members.map((member) => member.phone), members[0]?.phone ?? '', ` ${members[1]?.phone ?? ''} `, elsewhere?.phone ?? '', '+6289900000001'];
    const { data, response } = await sendBroadcast(promo({ kind: 'phones', phones }, { link: undefined }));
    expect(response.status).toBe(202);
    await runBroadcastJobs(testApp);
    const id = data?.data.id ?? '';
    expect(await recipientsOf(testApp, id)).toEqual(onceEach(members));
    expect((await messagesOfBroadcast(testApp, id))[0]?.link).toBeNull();
    for (const nobody of [notListed, elsewhere]) expect(await messagesOf(testApp, nobody?.userId ?? '')).toEqual([]);
    expect((await progressOf(id)).data?.data).toMatchObject({ status: 'done', sent: 3 });
    const [kept] = await testApp.db.select().from(broadcasts).where(eq(broadcasts.id, id));
    expect(kept?.audience).toEqual({ kind: 'phones', phones: [...new Set(phones.map((phone) => phone.trim()))] });
  });

  it('is done at once, having written nothing, when nobody is in the audience', async () => {
    const { data } = await sendBroadcast(promo({ kind: 'phones', phones: ['+6289900000002'] }));
    await runBroadcastJobs(testApp);
    expect((await progressOf(data?.data.id ?? '')).data?.data).toMatchObject({ status: 'done', sent: 0, finishedAt: testApp.clock.now().toISOString() });
  });

  it('refuses what the contract refuses, an audience of another merchant or of no level, and stores nothing', async () => {
    const before = await broadcastsOfMerchant(merchantId);
    const program = await leveledProgram();
    const tooMany = Array.from({ length: BROADCAST_PHONES_MAX + 1 }, () => `+62899${randomInt(10_000_000, 99_999_999)}`);
    const invalid: Array<[string, IntegrationBroadcastBody]> = [
      ['a title over 120 characters', promo({ kind: 'everyone' }, { title: 'x'.repeat(121) })],
      ['an empty text', promo({ kind: 'everyone' }, { text: '   ' })],
      ['a text over 2,000 characters', promo({ kind: 'everyone' }, { text: 'x'.repeat(2001) })],
      ['a link leaving the app', promo({ kind: 'everyone' }, { link: '//evil.example/login' })],
      ['a web address', promo({ kind: 'everyone' }, { link: 'https://evil.example' })],
      ['a phone not in E.164', promo({ kind: 'phones', phones: ['081234567890'] })],
      ['no phones', promo({ kind: 'phones', phones: [] })],
      [`${BROADCAST_PHONES_MAX + 1} phones`, promo({ kind: 'phones', phones: tooMany })],
      ['a rank of 0', promo({ kind: 'level', programId: program.id, levelRank: 0 })],
      ['a program id that is none', promo({ kind: 'level', programId: 'gold', levelRank: 1 })],
      ['an audience of no kind', promo({ kind: 'friends' } as never)],
    ];
    for (const [what, body] of invalid) {
      const { response, error } = await sendBroadcast(body);
      expect(response.status, what).toBe(400);
      expect(error, what).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const otherProgram = await newProgram(testApp, kopiSenjaId, {}, [{ name: 'Silver', rank: 1, experience: 100n }]);
    const notHers = await sendBroadcast(promo({ kind: 'level', programId: otherProgram.id, levelRank: 1 }));
    expect(notHers.response.status).toBe(404);
    expect(notHers.error).toMatchObject({ code: 'NOT_FOUND' });
    const noSuchLevel = await sendBroadcast(promo({ kind: 'level', programId: program.id, levelRank: 4 }));
    expect(noSuchLevel.response.status).toBe(422);
    expect(noSuchLevel.error).toMatchObject({ code: 'UNPROCESSABLE', message: expect.stringContaining('rank 4') });
    const keyless = await send(testApp, 'POST', '/integration/v1/broadcasts', { host: 'pos.example', headers: { authorization: `Bearer ${apiKey}` }, body: promo({ kind: 'everyone' }) });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    expect(await broadcastsOfMerchant(merchantId)).toBe(before);
  });

  it('sends once per Idempotency-Key: a retry gets the first answer and queues nothing more; the key with another body is refused', async () => {
    const [member] = await bulkMembers(testApp, { merchantId, count: 1 });
    const body = promo({ kind: 'phones', phones: [member?.phone ?? ''] });
    const key = newWriteKey();
    const first = await sendBroadcast(body, { key });
    const retry = await sendBroadcast(body, { key });
    expect(retry.response.status).toBe(202);
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.data).toEqual(first.data);
    const reused = await sendBroadcast({ ...body, text: 'Another text' }, { key });
    expect(reused.response.status).toBe(422);
    expect(reused.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const id = first.data?.data.id ?? '';
    expect(await testApp.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.name, 'send-broadcast')).then((rows) => rows.filter((row) => row.key?.includes(id)))).toHaveLength(1);
    await runBroadcastJobs(testApp);
    expect(await messagesOf(testApp, member?.userId ?? '')).toHaveLength(1);
  });
});

describe('GET /integration/v1/broadcasts/{broadcastId}', () => {
  it("answers 404 for another merchant's broadcast and for an id that is none", async () => {
    const { data } = await sendBroadcast(promo({ kind: 'everyone' }));
    const kopiSenja = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId: kopiSenjaId, name: 'Other back office' })).key });
    for (const [client, id] of [
      [kopiSenja, data?.data.id ?? ''],
      [backOffice, '00000000-0000-4000-8000-000000000000'],
      [backOffice, 'not-a-broadcast'],
    ] as const) {
      const { response, error } = await progressOf(id, client);
      expect(response.status, id).toBe(404);
      expect(error).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await progressOf(data?.data.id ?? '')).data?.data.status).toBe('queued');
  });
});
