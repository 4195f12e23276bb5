import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, newPhone, outboxFor, phoneBody } from '../modules/auth/auth.test-support.ts';
import { insertOutboxMessage } from '../modules/outbox/outbox.repository.ts';
import { siteStateSchema } from '@kartu/contracts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('GET /api/dev/outbox', () => {
  it('lists the codes sent to a number, newest first, whichever way the number is written', async () => {
    const phone = newPhone();
    await call(testApp, 'POST', '/api/auth/check-credential', phoneBody(phone));
    await call(testApp, 'POST', '/api/auth/check-credential', phoneBody(phone));
    const international = `+62${phone.slice(1)}`;
    const byNational = await outboxFor(testApp, phone);
    expect(byNational).toHaveLength(2);
    expect(await outboxFor(testApp, international)).toEqual(byNational);
    expect(await outboxFor(testApp, `62${phone.slice(1)}`)).toEqual(byNational);
    const [newest, older] = byNational;
    expect(newest && older && newest.createdAt > older.createdAt).toBe(true);
    expect(newest).toMatchObject({ recipient: international, purpose: 'login' });
    expect(newest?.text).toContain(`Kopi Senja: your code is ${newest?.code}.`);
  });

  it("shows only the request's merchant's messages", async () => {
    const phone = newPhone();
    await call(testApp, 'POST', '/api/auth/check-credential', phoneBody(phone));
    expect(await outboxFor(testApp, phone, 'v2.localhost')).toEqual([]);
  });

  it('writes the message in the site language (Lumina Beauty speaks Indonesian)', async () => {
    const phone = newPhone();
    await call(testApp, 'POST', '/api/auth/check-credential', phoneBody(phone), { host: 'v2.localhost' });
    const [message] = await outboxFor(testApp, phone, 'v2.localhost');
    expect(message?.text).toContain(`Lumina Beauty: kode Anda adalah ${message?.code}.`);
  });
});

describe('GET /dev/outbox', () => {
  it('renders the messages as escaped HTML with a filter form and no inline style or script', async () => {
    const site = siteStateSchema.parse((await call(testApp, 'GET', '/api/site', undefined)).json());
    await insertOutboxMessage(testApp.db, {
      merchantId: site.merchant.id,
      channel: 'email',
      recipient: 'mallory@example.com',
      subject: '<b>bold</b>',
      body: '<script>alert(1)</script>',
      purpose: 'login',
      code: '123456',
      createdAt: testApp.clock.now(),
    });
    const response = await call(testApp, 'GET', `/dev/outbox?to=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`, undefined);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');

    const all = await call(testApp, 'GET', '/dev/outbox', undefined);
    expect(all.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(all.body).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(all.body).not.toContain('<script');
    expect(all.body).not.toContain('style=');
    expect(all.body).toContain('<form method="get" action="/dev/outbox">');
    expect((await call(testApp, 'GET', '/dev/outbox.css', undefined)).headers['content-type']).toContain('text/css');
  });
});
