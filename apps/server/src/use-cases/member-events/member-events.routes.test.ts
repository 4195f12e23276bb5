import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kartuOn } from '../../cli/cli.test-support.ts';
import { analyticsEvents } from '../../modules/analytics/analytics.table.ts';
import { newCard, newProgram, send } from '../../modules/cards/cards.test-support.ts';
import { newMember } from '../../test/members.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));
const kartu = kartuOn(() => testApp);

const eventsOf = (userId: string) =>
  testApp.db
    .select({ name: analyticsEvents.name, cardId: analyticsEvents.cardId, properties: analyticsEvents.properties })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.merchantId, merchantId), eq(analyticsEvents.userId, userId)))
    .orderBy(analyticsEvents.occurredAt);

describe("the merchant's member events", () => {
  it('records a sign-in, a card page opened and a sign-out, and refuses a card that is not the member’s', async () => {
    const member = await newMember(testApp);
    const program = await newProgram(testApp, merchantId);
    const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
    const viewed = await send(testApp, 'POST', '/api/v2/events', { member, body: { name: 'view_card_detail', cardId: card.id } });
    expect(viewed.statusCode, viewed.body).toBe(202);

    const stranger = await newMember(testApp);
    const refused = await send(testApp, 'POST', '/api/v2/events', { member: stranger, body: { name: 'view_card_detail', cardId: card.id } });
    expect(refused.statusCode).toBe(404);

    expect((await send(testApp, 'POST', '/api/auth/logout', { member })).statusCode).toBe(204);
    expect(await eventsOf(member.userId)).toEqual([
      { name: 'login', cardId: null, properties: { loginType: expect.any(String) } },
      { name: 'view_card_detail', cardId: card.id, properties: { programId: program.id } },
      { name: 'logout', cardId: null, properties: {} },
    ]);
    expect((await eventsOf(stranger.userId)).map((event) => event.name)).toEqual(['login']);
  });

  it('reports the events per day for the operator', async () => {
    await newMember(testApp);
    // The command reads the real time, the test app its own clock: a year back covers both.
    const report = await kartu('analytics', 'report', '--merchant', 'KOPISENJA', '--days', '366');
    expect(report.code, report.error).toBe(0);
    expect(report.out).toMatch(/^Events of KOPISENJA \(Asia\/Jakarta\), last 366 days:/);
    expect(report.out).toMatch(/day\s+add_to_cart\s+search_item\s+purchase_started\s+subscription_cancel\s+subscription_renew\s+login\s+logout\s+view_card_detail/);
    expect(report.out).toMatch(/\ntotal\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+[1-9]\d*/);
    expect((await kartu('analytics', 'report', '--merchant', 'KOPISENJA', '--days', '0')).code).toBe(2);
  });
});
