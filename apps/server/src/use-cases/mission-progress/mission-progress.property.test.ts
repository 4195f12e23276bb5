import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@kartu/core';
import { memberWithCard, send, type CardMember } from '../../modules/cards/cards.test-support.ts';
import { newCatalog } from '../../modules/catalog/catalog.test-support.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { reverseEntry } from '../../modules/ledger/reversal.service.ts';
import { createMission } from '../../modules/missions/missions.service.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { memberMissions } from './mission-progress.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

type MemberEvent = { kind: 'earn'; amount: number; takenBack: boolean } | { kind: 'buy'; quantity: number };

const eventArbitrary: fc.Arbitrary<MemberEvent> = fc.oneof(
  fc.record({ kind: fc.constant('earn' as const), amount: fc.integer({ min: 1, max: 500 }), takenBack: fc.boolean() }),
  fc.record({ kind: fc.constant('buy' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
);

describe('mission progress', () => {
  it('is the same whether a member’s earns, reversals and orders arrive one by one or all at once with reads among them', async () => {
    const catalog = await newCatalog(testApp, merchantId);
    const now = testApp.clock.now();
    // Out of reach, so that no reward changes the figures.
    const mission = await createMission({
      db: testApp.db,
      merchantId,
      programId: catalog.programId,
      name: 'Never done',
      description: null,
      startsAt: new Date(now.getTime() - DAY_MS),
      endsAt: new Date(now.getTime() + DAY_MS),
      reward: { kind: 'points', amount: 1n },
      tasks: [
        { kind: 'earn', title: 'Earn a lot', description: null, target: 1_000_000n, productId: null },
        { kind: 'buy_product', title: 'Buy many', description: null, target: 1_000n, productId: catalog.products.voucher.id },
      ],
      now,
    });

    const apply = async (member: CardMember, event: MemberEvent) => {
      if (event.kind === 'buy') {
        const answer = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/orders`, {
          member,
          body: { items: [{ productId: catalog.products.voucher.id, quantity: event.quantity }], delivery: { method: 'none' } },
          headers: { 'idempotency-key': randomUUID() },
        });
        expect(answer.statusCode, answer.body).toBe(201);
        return null;
      }
      return earn({ db: testApp.db, merchantId, card: member.card, amount: BigInt(event.amount), now });
    };
    const progressOf = async (member: CardMember) => {
      const [found] = (await memberMissions({ db: testApp.db, merchantId, userId: member.userId, cardId: member.card.id, currency: 'IDR', now })).filter((row) => row.id === mission.id);
      return found?.tasks.map((task) => task.progress);
    };
    const newShopper = async () => {
      const member = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
      // Enough for every order, earned before the mission: not counted.
      await earn({ db: testApp.db, merchantId, card: member.card, amount: 100_000n, now: new Date(now.getTime() - 2 * DAY_MS) });
      return member;
    };

    await fc.assert(
      fc.asyncProperty(fc.array(eventArbitrary, { minLength: 1, maxLength: 8 }), fc.array(fc.nat({ max: 8 }), { maxLength: 3 }), async (events, readsAt) => {
        const oneByOne = await newShopper();
        for (const event of events) {
          const entry = await apply(oneByOne, event);
          if (entry && event.kind === 'earn' && event.takenBack) await reverseEntry({ db: testApp.db, merchantId, entryId: entry.id, now, reason: 'returned' });
        }

        const atOnce = await newShopper();
        const reads = readsAt.map(() => progressOf(atOnce));
        const entries = await Promise.all([...events.map((event) => apply(atOnce, event)), ...reads]);
        await Promise.all(
          events.map((event, index) => {
            const entry = entries[index];
            return event.kind === 'earn' && event.takenBack && entry && 'id' in entry ? reverseEntry({ db: testApp.db, merchantId, entryId: entry.id, now, reason: 'returned' }) : null;
          }),
        );

        const earned = events.reduce((sum, event) => sum + (event.kind === 'earn' && !event.takenBack ? event.amount : 0), 0);
        const bought = events.reduce((sum, event) => sum + (event.kind === 'buy' ? event.quantity : 0), 0);
        expect(await progressOf(oneByOne)).toEqual([earned, bought]);
        expect(await progressOf(atOnce)).toEqual([earned, bought]);
      }),
      { numRuns: 8 },
    );
  });
});
