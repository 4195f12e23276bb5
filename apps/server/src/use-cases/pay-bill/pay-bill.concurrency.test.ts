import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxBiller } from '../../modules/bills/billers/sandbox.biller.ts';
import { memberWithPoints, newProgram } from '../../modules/cards/cards.test-support.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { setShopSettings } from '../../modules/orders/shop-settings.service.ts';
import { isPostgresServerRun, useTestApp, type TestApp } from '../../test/test-app.ts';
import { checkBill, payBill } from './pay-bill.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made), { onlyOnPostgresServer: true });

describe('one phone topped up with one amount by 30 requests at once', () => {
  it.skipIf(!isPostgresServerRun)('lets exactly one through, and the card keeps the rest', async () => {
    const db = testApp.db;
    testApp.clock.set(new Date('2026-12-01T03:00:00.000Z'));
    const now = testApp.clock.now();
    const biller = sandboxBiller();
    const program = await newProgram(testApp, merchantId, { name: 'Racing top-ups', expiryPolicy: 'none', expiryDays: null });
    await setShopSettings({ db, merchantId, programId: program.id, changes: { pointValueMinor: 100n }, now });
    const member = await memberWithPoints(testApp, { merchantId, programId: program.id, points: 10_000 });
    const scope = { db, biller, merchantId, userId: member.userId, cardId: member.card.id, now };
    const checks = await Promise.all(Array.from({ length: 30 }, () => checkBill({ ...scope, body: { sku: 'telkomsel-credit-10', customerNo: '081234560000' } })));
    const outcomes = await Promise.allSettled(checks.map((check) => payBill({ ...scope, body: { checkId: check.checkId, source: 'points' }, idempotencyKey: randomUUID() })));
    const through = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as { code?: string }).code] : []));
    expect(through).toHaveLength(1);
    expect(new Set(refused)).toEqual(new Set(['BILL_ALREADY_TOPPED_UP']));
    expect(await getBalance({ db, card: member.card, now })).toBe(10_000n - 115n);
  });
});
