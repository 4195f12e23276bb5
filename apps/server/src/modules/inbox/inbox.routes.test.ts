import { describe, expect, it } from 'vitest';
import { errorBodySchema, inboxMessageAnswerSchema, inboxPageSchema, unreadInboxSchema, type InboxMessage } from '@kartu/contracts';
import { MINUTE_MS } from '@kartu/core/calendar';
import { newMember, type TestMember } from '../../test/members.ts';
import { merchantIdOf, useTestApp, type TestApp } from '../../test/test-app.ts';
import { newCard, newProgram, send } from '../cards/cards.test-support.ts';
import { leaveMessage } from './inbox.service.ts';
import { messagesOf } from './inbox.test-support.ts';
import type { InboxMessageRow } from './inbox.table.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

interface Leave {
  title?: string;
  cardId?: string | null;
  merchant?: number;
}

/** A merchant's message in the member's inbox, left now by the test clock. */
function leave(member: TestMember, { title = 'Weekend promo', cardId = null, merchant = merchantId }: Leave = {}): Promise<InboxMessageRow> {
  const facts = { kind: 'merchant', title, text: 'Double points on every Kopi Susu this weekend.' } as const;
  return leaveMessage(testApp.db, { merchantId: merchant, userId: member.userId, cardId, facts, link: '/cards', now: testApp.clock.now() });
}

async function pageOf(member: TestMember, query = '') {
  const response = await send(testApp, 'GET', `/api/v2/inbox${query}`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return inboxPageSchema.parse(response.json());
}

async function unreadOf(member: TestMember): Promise<number> {
  const response = await send(testApp, 'GET', '/api/v2/inbox/unreads-inbox', { member });
  expect(response.statusCode, response.body).toBe(200);
  return unreadInboxSchema.parse(response.json()).data.count;
}

async function read(member: TestMember, messageId: string): Promise<InboxMessage> {
  const response = await send(testApp, 'POST', `/api/v2/inbox/${messageId}/read`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return inboxMessageAnswerSchema.parse(response.json()).data;
}

const titleOf = (message: InboxMessage) => (message.facts.kind === 'merchant' ? message.facts.title : message.facts.kind);
const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

describe("the member's inbox", () => {
  it('lists the messages newest first, a page at a time, those of the same moment in a stable order', async () => {
    const member = await newMember(testApp);
    const left: InboxMessageRow[] = [];
    for (const [title, step] of [['first', 1], ['second', 1], ['third', 0], ['fourth', 1], ['fifth', 0]] as const) {
      left.push(await leave(member, { title }));
      testApp.clock.advance(step * MINUTE_MS);
    }
    const newestFirst = [...left].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id)).map((row) => row.facts);
    const seen: InboxMessage[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await pageOf(member, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data);
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen.map((message) => message.facts)).toEqual(newestFirst);
    expect([seen.map(titleOf).at(0), seen.map(titleOf).at(-1)]).toEqual(['fifth', 'first']);
    expect(seen[0]).toEqual({ id: expect.any(String), facts: expect.objectContaining({ kind: 'merchant' }), link: '/cards', cardId: null, createdAt: expect.any(String), readAt: null });
  });

  it("keeps one card's messages with cardId; a card that is not the member's has none", async () => {
    const member = await newMember(testApp);
    const stranger = await newMember(testApp);
    const { id: programId } = await newProgram(testApp, merchantId);
    const [mine, other, theirs] = await Promise.all([member, member, stranger].map((owner) => newCard(testApp, { merchantId, programId, owner })));
    await leave(member, { title: 'on mine', cardId: mine?.id ?? null });
    await leave(member, { title: 'on the other', cardId: other?.id ?? null });
    await leave(member, { title: 'on the wallet' });
    await leave(stranger, { title: 'on theirs', cardId: theirs?.id ?? null });
    expect((await pageOf(member, `?cardId=${mine?.id}`)).data.map(titleOf)).toEqual(['on mine']);
    expect((await pageOf(member, `?cardId=${theirs?.id}`)).data).toEqual([]);
    expect((await pageOf(member)).data.map(titleOf).sort()).toEqual(['on mine', 'on the other', 'on the wallet']);
  });

  it('answers 400 to a cursor the server did not write, and 401 without a session', async () => {
    const member = await newMember(testApp);
    const forged = await send(testApp, 'GET', `/api/v2/inbox?cursor=${Buffer.from('yesterday|me').toString('base64url')}`, { member });
    expect(forged.statusCode).toBe(400);
    expect(codeOf(forged)).toBe('VALIDATION_FAILED');
    for (const url of ['/api/v2/inbox', '/api/v2/inbox/unreads-inbox']) expect((await send(testApp, 'GET', url)).statusCode).toBe(401);
  });
});

describe('reading and deleting messages', () => {
  it('reads a message once: reading it again keeps the time of the first reading', async () => {
    const member = await newMember(testApp);
    const message = await leave(member);
    expect(await unreadOf(member)).toBe(1);
    testApp.clock.advance(MINUTE_MS);
    const first = await read(member, message.id);
    expect(first.readAt).toBe(testApp.clock.now().toISOString());
    testApp.clock.advance(MINUTE_MS);
    expect((await read(member, message.id)).readAt).toBe(first.readAt);
    expect(await unreadOf(member)).toBe(0);
  });

  it('reads every message at once and answers the unread count after, 0, leaving earlier readings as they were', async () => {
    const member = await newMember(testApp);
    const early = await leave(member, { title: 'read early' });
    await leave(member);
    await leave(member);
    const readEarly = await read(member, early.id);
    testApp.clock.advance(MINUTE_MS);
    expect(await unreadOf(member)).toBe(2);
    const response = await send(testApp, 'POST', '/api/v2/inbox/read-all', { member });
    expect(response.statusCode, response.body).toBe(200);
    expect(unreadInboxSchema.parse(response.json())).toEqual({ data: { count: 0 } });
    const readAts = (await pageOf(member)).data.map((message) => [titleOf(message), message.readAt]);
    expect(readAts).toEqual(expect.arrayContaining([['read early', readEarly.readAt]]));
    expect(readAts.filter(([title]) => title !== 'read early').map(([, readAt]) => readAt)).toEqual([testApp.clock.now().toISOString(), testApp.clock.now().toISOString()]);
    expect(await unreadOf(member)).toBe(0);
  });

  it('takes a deleted message out of the list and the count for good, and keeps its record', async () => {
    const member = await newMember(testApp);
    const kept = await leave(member, { title: 'kept' });
    const deleted = await leave(member, { title: 'deleted' });
    const response = await send(testApp, 'DELETE', `/api/v2/inbox/${deleted.id}`, { member });
    expect(response.statusCode, response.body).toBe(204);
    expect((await pageOf(member)).data.map((message) => message.id)).toEqual([kept.id]);
    expect(await unreadOf(member)).toBe(1);
    for (const again of [send(testApp, 'DELETE', `/api/v2/inbox/${deleted.id}`, { member }), send(testApp, 'POST', `/api/v2/inbox/${deleted.id}/read`, { member })]) {
      const answer = await again;
      expect(answer.statusCode).toBe(404);
      expect(codeOf(answer)).toBe('INBOX_MESSAGE_NOT_FOUND');
    }
    const rows = await messagesOf(testApp, member.userId);
    expect(rows.find((row) => row.id === deleted.id)).toMatchObject({ deletedAt: testApp.clock.now(), readAt: null });
  });

  it("neither shows, reads, deletes nor counts another member's message or one at another merchant", async () => {
    const member = await newMember(testApp);
    const stranger = await newMember(testApp);
    const theirs = await leave(stranger, { title: 'theirs' });
    // A row no write makes today, kept out by the merchant of the Host header all the same.
    const elsewhere = await leave(member, { title: 'elsewhere', merchant: await merchantIdOf(testApp.db, 'LUMINABEAUTY') });
    expect((await pageOf(member)).data).toEqual([]);
    expect(await unreadOf(member)).toBe(0);
    for (const id of [theirs.id, elsewhere.id]) {
      for (const [method, url] of [['POST', `/api/v2/inbox/${id}/read`], ['DELETE', `/api/v2/inbox/${id}`]] as const) {
        const answer = await send(testApp, method, url, { member });
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(codeOf(answer)).toBe('INBOX_MESSAGE_NOT_FOUND');
      }
    }
    expect((await send(testApp, 'POST', '/api/v2/inbox/read-all', { member })).statusCode).toBe(200);
    for (const row of [...(await messagesOf(testApp, stranger.userId)), ...(await messagesOf(testApp, member.userId))]) expect(row).toMatchObject({ readAt: null, deletedAt: null });
    expect(await unreadOf(stranger)).toBe(1);
  });

  it('answers 404 to an id that is not a message id at all', async () => {
    const member = await newMember(testApp);
    for (const [method, url] of [['POST', '/api/v2/inbox/not-a-message/read'], ['DELETE', '/api/v2/inbox/not-a-message']] as const) {
      const answer = await send(testApp, method, url, { member });
      expect(answer.statusCode).toBe(404);
      expect(codeOf(answer)).toBe('INBOX_MESSAGE_NOT_FOUND');
    }
  });
});
