import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@kartu/core';
import { memberWithCard } from '../../modules/cards/cards.test-support.ts';
import { newProgram } from '../../modules/cards/cards.test-support.ts';
import { inboxMessages } from '../../modules/inbox/inbox.table.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { createMission } from '../../modules/missions/missions.service.ts';
import { missionCompletions } from '../../modules/missions/missions.table.ts';
import { isPostgresServerRun, useTestApp, type TestApp } from '../../test/test-app.ts';
import { settleMemberMissions } from './mission-progress.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made), { onlyOnPostgresServer: true });

describe('a mission completed by many events at once', () => {
  it.skipIf(!isPostgresServerRun)('gives its reward exactly once when 100 settlings of one member race', async () => {
    const db = testApp.db;
    const now = testApp.clock.now();
    const program = await newProgram(testApp, merchantId, { name: 'Racing missions', expiryPolicy: 'none', expiryDays: null });
    const member = await memberWithCard(testApp, { merchantId, programId: program.id });
    const mission = await createMission({
      db,
      merchantId,
      programId: program.id,
      name: 'Earn 100',
      description: null,
      startsAt: new Date(now.getTime() - DAY_MS),
      endsAt: new Date(now.getTime() + DAY_MS),
      reward: { kind: 'points', amount: 50n },
      tasks: [{ kind: 'earn', title: 'Earn 100', description: null, target: 100n, productId: null }],
      now,
    });
    await earn({ db, merchantId, card: member.card, amount: 100n, now });

    const completed = await Promise.all(Array.from({ length: 100 }, () => settleMemberMissions({ db, merchantId, userId: member.userId, now })));
    expect(completed.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await db.select().from(missionCompletions).where(eq(missionCompletions.missionId, mission.id))).toHaveLength(1);
    expect(await getBalance({ db, card: member.card, now })).toBe(150n);
    const told = (await db.select().from(inboxMessages).where(eq(inboxMessages.userId, member.userId))).filter((message) => message.facts.kind === 'mission_completed');
    expect(told).toHaveLength(1);
  });
});
