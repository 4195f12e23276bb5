import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memberWithCard, newProgram } from '../../modules/cards/cards.test-support.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { createEarnCode, earnCodeKeyFor, earnCodeText } from '../../modules/scan/earn-codes.service.ts';
import { isPostgresServerRun, useTestApp, type TestApp } from '../../test/test-app.ts';
import { scanCode } from './scan-code.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made), { onlyOnPostgresServer: true });

describe('one earn code scanned by two members at the same moment', () => {
  it.skipIf(!isPostgresServerRun)('earns on exactly one card, 50 times over', async () => {
    const db = testApp.db;
    const now = testApp.clock.now();
    const keys = { earnCodeKey: earnCodeKeyFor(testApp.env.CODE_SECRET), uniqueCodeKey: 'unused' };
    const program = await newProgram(testApp, merchantId, { name: 'Racing scans', expiryPolicy: 'none', expiryDays: null });
    const members = [await memberWithCard(testApp, { merchantId, programId: program.id }), await memberWithCard(testApp, { merchantId, programId: program.id })];

    for (let round = 0; round < 50; round += 1) {
      const code = await createEarnCode({ db, merchantId, programId: program.id, amount: 100n, billNumber: `race-${randomUUID()}`, ttlSeconds: 300, now });
      const text = earnCodeText(keys.earnCodeKey, code);
      const outcomes = await Promise.allSettled(members.map((member) => scanCode({ db, merchantId, userId: member.userId, code: text, keys, now })));
      const earned = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as { code?: string }).code] : []));
      expect(earned).toHaveLength(1);
      expect(refused).toEqual(['CODE_ALREADY_USED']);
    }
    const balances = await Promise.all(members.map((member) => getBalance({ db, card: member.card, now })));
    expect(balances[0]! + balances[1]!).toBe(5000n);
  });
});
