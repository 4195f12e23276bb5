import { beforeAll, describe, expect, it } from 'vitest';
import { inboxPageSchema, type IntegrationMessageBody } from '@kartu/contracts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../../test/integration-client.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { send } from '../cards/cards.test-support.ts';
import { messagesOf } from './inbox.test-support.ts';

let testApp: TestApp;
let merchantId: number;
let backOffice: IntegrationClient;
useTestApp((made) => ({ testApp, merchantId } = made));

beforeAll(async () => {
  backOffice = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId, name: 'Back office' })).key });
});

const promo = (member: TestMember, changes: Partial<IntegrationMessageBody> = {}): IntegrationMessageBody => ({
  memberPhone: member.e164,
  title: '  Weekend promo: double points ',
  text: 'Double points on every Kopi Susu this Saturday and Sunday.',
  link: '/cards',
  ...changes,
});

const sendMessage = (body: IntegrationMessageBody, key = newWriteKey()) => backOffice.POST('/integration/v1/messages', { params: { header: { 'idempotency-key': key } }, body });

describe('POST /integration/v1/messages', () => {
  it("leaves the merchant's words, unread, in the inbox of the member with this phone", async () => {
    const member = await newMember(testApp);
    const { data, response } = await sendMessage(promo(member));
    expect(response.status).toBe(201);
    expect(data).toEqual({ data: { id: expect.any(String), createdAt: testApp.clock.now().toISOString() } });
    const inbox = inboxPageSchema.parse((await send(testApp, 'GET', '/api/v2/inbox', { member })).json());
    expect(inbox.data).toEqual([
      {
        id: data?.data.id,
        facts: { kind: 'merchant', title: 'Weekend promo: double points', text: 'Double points on every Kopi Susu this Saturday and Sunday.' },
        link: '/cards',
        cardId: null,
        createdAt: testApp.clock.now().toISOString(),
        readAt: null,
      },
    ]);
  });

  it('leaves it once per Idempotency-Key: a retry gets the first answer, and the key with another body is refused', async () => {
    const member = await newMember(testApp);
    const key = newWriteKey();
    const first = await sendMessage(promo(member, { link: undefined }), key);
    const retry = await sendMessage(promo(member, { link: undefined }), key);
    expect(retry.response.status).toBe(201);
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.data).toEqual(first.data);
    const reused = await sendMessage(promo(member, { text: 'Another text' }), key);
    expect(reused.response.status).toBe(422);
    expect(reused.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await messagesOf(testApp, member.userId)).map((row) => [row.id, row.link])).toEqual([[first.data?.data.id, null]]);
  });

  it("answers 404 for a phone with no member at this merchant, another merchant's member's included", async () => {
    const elsewhere = await newMember(testApp, { host: 'v2.localhost' });
    for (const memberPhone of [elsewhere.e164, '+6289900000001']) {
      const { response, error } = await sendMessage({ ...promo(elsewhere), memberPhone });
      expect(response.status, memberPhone).toBe(404);
      expect(error).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await messagesOf(testApp, elsewhere.userId)).toEqual([]);
  });

  it('refuses a link that would leave the app, and writes nothing', async () => {
    const member = await newMember(testApp);
    for (const link of ['//evil.example/login', '/\\evil.example', 'https://evil.example']) {
      const { response, error } = await sendMessage(promo(member, { link }));
      expect(response.status, link).toBe(400);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await messagesOf(testApp, member.userId)).toEqual([]);
  });
});
