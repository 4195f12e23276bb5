import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { devDriver } from './drivers/dev.driver.ts';
import { outboxMessages } from './outbox-messages.table.ts';
import type { Language } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { runDueJobs } from '../jobs/job-worker.ts';
import { jobs } from '../jobs/jobs.table.ts';
import { PermanentDeliveryError, type OutboxDriver, type OutboxMessage } from './outbox.driver.ts';
import { selectOutboxDrivers, type OutboxDrivers } from './outbox.drivers.ts';
import { deliveryJob, queueMemberMessage, queueMessage, queueOneTimeCode } from './outbox.service.ts';
import { sealKeyFor } from './outbox.service.ts';
import { composeCodeMessage } from './outbox.texts.ts';

let testApp: TestApp;
let merchant: { id: number; brand: string };

beforeAll(async () => {
  testApp = await createTestApp();
  const [first] = await testApp.db.query.merchants.findMany({ where: (table, { eq: equals }) => equals(table.mid, 'KOPISENJA') });
  if (!first) throw new Error('The demo merchant is missing');
  merchant = { id: first.id, brand: first.brand };
});
afterAll(async () => {
  await testApp.close();
});

/** A provider stand-in: keeps what it was given, or fails the way it is told to. */
function providerDriver(failure?: () => Error): OutboxDriver & { delivered: OutboxMessage[] } {
  const delivered: OutboxMessage[] = [];
  return {
    name: 'provider',
    keepsCodes: false,
    delivered,
    async deliver(message) {
      if (failure) throw failure();
      delivered.push(message);
    },
  };
}

const unreachable = () => new Error('The SMS provider could not be reached');
const sealKey = sealKeyFor('outbox-test-secret');
const driversWith = (driver: OutboxDriver): OutboxDrivers => ({ sms: driver, whatsapp: driver, email: devDriver, push: devDriver });

const queue = (drivers: OutboxDrivers, recipient: string) =>
  queueOneTimeCode({
    db: testApp.db,
    drivers,
    sealKey,
    merchant,
    channel: 'sms',
    recipient,
    code: '482913',
    purpose: 'login',
    language: 'en',
    expiresInSeconds: 120,
    now: testApp.clock.now(),
  });

async function messageRow(id: string) {
  const [row] = await testApp.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

async function deliveryJobOf(messageId: string) {
  const [row] = await testApp.db.select().from(jobs).where(eq(jobs.key, `outbox:${messageId}`));
  return row;
}

/** One round of a worker that knows only message delivery, through `drivers`. */
const deliverDue = (drivers: OutboxDrivers) =>
  runDueJobs({ db: testApp.db, clock: testApp.clock, log: { info: () => {}, error: () => {} }, handlers: [deliveryJob({ drivers, sealKey })] });

describe('composeCodeMessage', () => {
  it.each([
    ['en', 'Kopi Senja: your code is 482913. It expires in 2 minutes. Never share it with anyone.'],
    ['id', 'Kopi Senja: kode Anda adalah 482913. Kode ini berlaku selama 2 menit. Jangan berikan kode ini kepada siapa pun.'],
    ['my', 'Kopi Senja: kod anda ialah 482913. Kod ini tamat tempoh dalam 2 minit. Jangan kongsi kod ini dengan sesiapa pun.'],
    ['ja', 'Kopi Senja：認証コードは482913です。有効期限は2分です。このコードは誰にも教えないでください。'],
  ] as const)('writes the code message in %s', (language, text) => {
    const message = composeCodeMessage({ language, brand: 'Kopi Senja', code: '482913', expiresInSeconds: 120 });
    expect(message.text).toBe(text);
    expect(message.maskedText).not.toContain('482913');
  });
});

describe('queueOneTimeCode', () => {
  it('gives a real driver the full text but keeps only a masked copy and no code', async () => {
    const driver = providerDriver();
    const { id, status } = await queue(driversWith(driver), '+6281200000001');
    expect(status).toBe('sent');
    expect(driver.delivered[0]?.text).toContain('482913');
    const row = await messageRow(id);
    expect(row).toMatchObject({ status: 'sent', code: null, attempts: 1, sealedText: null });
    expect(row?.body).not.toContain('482913');
    expect(row?.sentAt).toEqual(testApp.clock.now());
  });

  it('keeps the code for the development outbox', async () => {
    const { id } = await queue(driversWith(devDriver), '+6281200000002');
    const row = await messageRow(id);
    expect(row).toMatchObject({ status: 'sent', code: '482913' });
    expect(row?.body).toContain('482913');
  });

  it('queues a failed delivery for a retry, keeping the code only sealed, and delivers it from there', async () => {
    const { id, status } = await queue(driversWith(providerDriver(unreachable)), '+6281200000003');
    expect(status).toBe('queued');
    const row = await messageRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'The SMS provider could not be reached', code: null });
    expect(row?.sealedText).not.toContain('482913');
    expect(await deliveryJobOf(id)).toMatchObject({ status: 'queued', runAt: new Date(testApp.clock.now().getTime() + 5_000) });

    const provider = providerDriver();
    testApp.clock.advance(5_000);
    expect(await deliverDue(driversWith(provider))).toEqual({ claimed: 1, failed: 0 });
    expect(provider.delivered.map((message) => message.text)).toEqual([expect.stringContaining('482913')]);
    expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null, sealedText: null });
  });

  it('gives up on a code once it has expired', async () => {
    const { id } = await queue(driversWith(providerDriver(unreachable)), '+6281200000004');
    testApp.clock.advance(120_000);
    expect(await deliverDue(driversWith(providerDriver()))).toEqual({ claimed: 1, failed: 1 });
    expect(await messageRow(id)).toMatchObject({ status: 'failed', lastError: 'Expired before it could be delivered', sealedText: null });
    expect(await deliveryJobOf(id)).toMatchObject({ status: 'dead' });
  });

  it('records a refusal for good on the row instead of retrying it', async () => {
    const refused = providerDriver(() => new PermanentDeliveryError('The SMS provider answered 400'));
    const { id, status } = await queue(driversWith(refused), '+6281200000005');
    expect(status).toBe('failed');
    expect(await messageRow(id)).toMatchObject({ status: 'failed', lastError: 'The SMS provider answered 400', code: null, sealedText: null });
    expect(await deliveryJobOf(id)).toBeUndefined();
  });
});

describe('queueMessage', () => {
  const queueDeletionNotice = (db: Database, recipient: string, language: Language = 'id') =>
    queueMessage({ db, merchantId: merchant.id, channel: 'sms', recipient, template: 'account-deletion-requested', data: { brand: merchant.brand }, language, now: testApp.clock.now() });

  it("writes the template in the recipient's language and delivers it from the job queue", async () => {
    const { id } = await queueDeletionNotice(testApp.db, '+6281200000011');
    expect(await messageRow(id)).toMatchObject({ status: 'queued', purpose: 'account-deletion-requested', language: 'id', subject: 'Kopi Senja: akun Anda akan dihapus' });
    const provider = providerDriver();
    expect(await deliverDue(driversWith(provider))).toEqual({ claimed: 1, failed: 0 });
    expect(provider.delivered).toEqual([expect.objectContaining({ id, recipient: '+6281200000011', text: expect.stringContaining('menghapus akun') })]);
    expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
    // A second run of the same job (a worker that died after sending) sends nothing more.
    await deliveryJob({ drivers: driversWith(provider), sealKey }).run({ db: testApp.db, now: testApp.clock.now(), payload: { messageId: id }, job: (await deliveryJobOf(id))!, log: { info: () => {}, error: () => {} } });
    expect(provider.delivered).toHaveLength(1);
  });

  it('sends nothing when the caller’s transaction rolls back', async () => {
    await expect(
      testApp.db.transaction(async (tx) => {
        await queueDeletionNotice(tx, '+6281200000012');
        throw new Error('the deletion failed');
      }),
    ).rejects.toThrow('the deletion failed');
    expect(await testApp.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, '+6281200000012'))).toEqual([]);
  });

  it('retries a provider that is down, and stops at once when it refuses the message for good', async () => {
    const { id: flakyId } = await queueDeletionNotice(testApp.db, '+6281200000013', 'en');
    expect(await deliverDue(driversWith(providerDriver(unreachable)))).toEqual({ claimed: 1, failed: 1 });
    expect(await messageRow(flakyId)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'The SMS provider could not be reached' });
    testApp.clock.advance(10_000);
    expect(await deliverDue(driversWith(providerDriver()))).toEqual({ claimed: 1, failed: 0 });
    expect(await messageRow(flakyId)).toMatchObject({ status: 'sent', attempts: 2 });

    const { id: refusedId } = await queueDeletionNotice(testApp.db, '+6281200000014', 'en');
    const refused = providerDriver(() => new PermanentDeliveryError('The SMS provider answered 400'));
    expect(await deliverDue(driversWith(refused))).toEqual({ claimed: 1, failed: 1 });
    expect(await messageRow(refusedId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await deliveryJobOf(refusedId)).toMatchObject({ status: 'dead', attempts: 1 });
  });

  it("marks the message failed when the delivery's last try fails", async () => {
    const { id } = await queueDeletionNotice(testApp.db, '+6281200000015', 'en');
    await testApp.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.key, `outbox:${id}`));
    expect(await deliverDue(driversWith(providerDriver(unreachable)))).toEqual({ claimed: 1, failed: 1 });
    expect(await messageRow(id)).toMatchObject({ status: 'failed', lastError: 'The SMS provider could not be reached' });
    expect(await deliveryJobOf(id)).toMatchObject({ status: 'dead' });
  });

  it("writes to a member's e-mail, else their phone, in their language, else the site's", async () => {
    const now = testApp.clock.now();
    const base = { db: testApp.db, merchantId: merchant.id, template: 'pin-changed' as const, data: { brand: merchant.brand }, fallbackLanguage: 'en' as const, now };
    const byMail = await queueMemberMessage({ ...base, member: { email: 'ayu@example.com', phone: '+6281200000016', language: 'ja' } });
    const byPhone = await queueMemberMessage({ ...base, member: { email: null, phone: '+6281200000017', language: null } });
    expect(await queueMemberMessage({ ...base, member: { email: null, phone: null, language: 'en' } })).toBeUndefined();
    expect(await messageRow(byMail?.id ?? '')).toMatchObject({ channel: 'email', recipient: 'ayu@example.com', language: 'ja', subject: 'Kopi Senja：PINが変更されました' });
    expect(await messageRow(byPhone?.id ?? '')).toMatchObject({ channel: 'sms', recipient: '+6281200000017', language: 'en', subject: 'Kopi Senja: your PIN was changed' });
  });
});

describe('selectOutboxDrivers', () => {
  it('uses the development outbox for every channel by default', () => {
    const drivers = selectOutboxDrivers({});
    expect([drivers.sms.name, drivers.whatsapp.name, drivers.email.name, drivers.push.name]).toEqual(['dev', 'dev', 'dev', 'dev']);
  });

  it('uses SMTP for e-mail and the HTTP provider for SMS and WhatsApp when configured', () => {
    const drivers = selectOutboxDrivers({
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      SMS_PROVIDER_URL: 'https://sms.example.com/send',
      SMS_PROVIDER_TOKEN: 'token',
    });
    expect([drivers.sms.name, drivers.whatsapp.name, drivers.email.name]).toEqual(['http', 'http', 'smtp']);
    expect(drivers.email.keepsCodes).toBe(false);
  });
});
