import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { merchantPaymentSettings } from '../modules/payments/payments.table.ts';
import { testPayments } from '../modules/payments/payments.test-support.ts';
import { subscriptionPlans } from '../modules/subscriptions/subscriptions.table.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../test/test-app.ts';
import { kartuOn } from './cli.test-support.ts';
import { parseFeeRule } from './payments.command.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const kartu = kartuOn(() => testApp, { payments: testPayments() });

describe('kartu merchants payments', () => {
  it("sets the merchant's provider and methods, and refuses a provider without keys here", async () => {
    const set = await kartu('merchants', 'payments', '--mid', 'kopisenja', '--provider', 'sandbox', '--methods', 'qris,virtual_account');
    expect(set).toMatchObject({ code: 0, error: '' });
    const merchantId = await merchantIdOf(testApp.db);
    const [row] = await testApp.db.select().from(merchantPaymentSettings).where(eq(merchantPaymentSettings.merchantId, merchantId));
    expect(row).toMatchObject({ provider: 'sandbox', methods: ['qris', 'virtual_account'] });

    const xendit = await kartu('merchants', 'payments', '--mid', 'kopisenja', '--provider', 'xendit', '--methods', 'qris');
    expect(xendit.code).toBe(1);
    expect(xendit.error).toContain('xendit has no keys');
    const mistyped = await kartu('merchants', 'payments', '--mid', 'kopisenja', '--provider', 'sandbox', '--methods', 'cheque');
    expect(mistyped.code).toBe(2);
  });
});

describe('kartu plans create', () => {
  it('reads fixed fees, shares and method-only fees', () => {
    expect(parseFeeRule('admin:2500')).toEqual({ type: 'admin', fixedMinor: 2500 });
    expect(parseFeeRule('tax:11%')).toEqual({ type: 'tax', basisPoints: 1100 });
    expect(parseFeeRule('convenience:1.5%@credit_card+ewallet')).toEqual({ type: 'convenience', basisPoints: 150, methods: ['credit_card', 'ewallet'] });
    expect(() => parseFeeRule('tip:10%')).toThrow(/--fee/);
    expect(() => parseFeeRule('tax:101%')).toThrow(/100%/);
  });

  it('creates a plan for a subscription program, and refuses one for a points program', async () => {
    const program = await kartu('programs', 'create', '--merchant', 'kopisenja', '--name', 'Club', '--type', 'subscription');
    const programId = /id ([0-9a-f-]{36})/.exec(program.out)?.[1] ?? '';
    const created = await kartu('plans', 'create', '--merchant', 'kopisenja', '--program', programId, '--name', 'Monthly', '--months', '1', '--price', '49000', '--fees', 'admin:2500 tax:11%');
    expect(created).toMatchObject({ code: 0, error: '' });
    const [plan] = await testApp.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.programId, programId));
    expect(plan).toMatchObject({ name: 'Monthly', durationMonths: 1, priceMinor: 49_000n, currency: 'IDR', feeRules: [{ type: 'admin', fixedMinor: 2500 }, { type: 'tax', basisPoints: 1100 }] });

    const points = await kartu('programs', 'create', '--merchant', 'kopisenja', '--name', 'Points', '--type', 'points');
    const pointsId = /id ([0-9a-f-]{36})/.exec(points.out)?.[1] ?? '';
    const refused = await kartu('plans', 'create', '--merchant', 'kopisenja', '--program', pointsId, '--name', 'X', '--months', '1', '--price', '1000');
    expect(refused.code).toBe(1);
    expect((await kartu('plans', 'create', '--merchant', 'kopisenja', '--program', programId, '--name', 'X', '--months', '0', '--price', '1000')).code).toBe(2);
  });
});
