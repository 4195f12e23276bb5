import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { devDriver } from './drivers/dev.driver.ts';
import { outboxMessages } from './outbox-messages.table.ts';
import type { OutboxDriver, OutboxMessage } from './outbox.driver.ts';
import { selectOutboxDrivers } from './outbox.drivers.ts';
import { queueOneTimeCode } from './outbox.service.ts';
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

/** A provider stand-in: keeps what it was given, or fails like an unreachable provider. */
function providerDriver(fails = false): OutboxDriver & { delivered: OutboxMessage[] } {
  const delivered: OutboxMessage[] = [];
  return {
    name: 'provider',
    keepsCodes: false,
    delivered,
    async deliver(message) {
      if (fails) throw new Error('The SMS provider could not be reached');
      delivered.push(message);
    },
  };
}

const queue = (drivers: Parameters<typeof queueOneTimeCode>[0]['drivers'], recipient: string) =>
  queueOneTimeCode({
    db: testApp.db,
    drivers,
    merchant,
    channel: 'sms',
    recipient,
    code: '482913',
    purpose: 'login',
    language: 'en',
    expiresInSeconds: 120,
    now: testApp.clock.now(),
  });

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
    const { id, status } = await queue({ sms: driver, whatsapp: driver, email: devDriver }, '+6281200000001');
    expect(status).toBe('sent');
    expect(driver.delivered[0]?.text).toContain('482913');
    const [row] = await testApp.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'sent', code: null, attempts: 1 });
    expect(row?.body).not.toContain('482913');
    expect(row?.sentAt).toEqual(testApp.clock.now());
  });

  it('keeps the code for the development outbox', async () => {
    const { id } = await queue({ sms: devDriver, whatsapp: devDriver, email: devDriver }, '+6281200000002');
    const [row] = await testApp.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'sent', code: '482913' });
    expect(row?.body).toContain('482913');
  });

  it('records a failed delivery on the row instead of throwing', async () => {
    const driver = providerDriver(true);
    const { id, status } = await queue({ sms: driver, whatsapp: driver, email: devDriver }, '+6281200000003');
    expect(status).toBe('failed');
    const [row] = await testApp.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'failed', lastError: 'The SMS provider could not be reached', code: null });
  });
});

describe('selectOutboxDrivers', () => {
  it('uses the development outbox for every channel by default', () => {
    const drivers = selectOutboxDrivers({});
    expect([drivers.sms.name, drivers.whatsapp.name, drivers.email.name]).toEqual(['dev', 'dev', 'dev']);
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
