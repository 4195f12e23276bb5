import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { merchantBankAccounts, merchantPaymentSettings } from '../modules/payments/payments.table.ts';
import { testPayments } from '../modules/payments/payments.test-support.ts';
import { subscriptionPlans } from '../modules/subscriptions/subscriptions.table.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../test/test-app.ts';
import { kartuOn } from './cli.test-support.ts';
import { parseFeeRule, parseFeeRules } from './payments.command.ts';

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

describe('kartu merchants bank-account', () => {
  it("sets the merchant's account for manual transfers without pinning its provider, and removes it", async () => {
    const merchantId = await merchantIdOf(testApp.db, 'LUMINABEAUTY');
    const set = await kartu('merchants', 'bank-account', '--mid', 'luminabeauty', '--bank', 'Mandiri', '--account-number', '1230-0045-6789', '--account-name', 'PT Lumina Cantik');
    expect(set).toMatchObject({ code: 0, error: '' });
    expect(set.out).toContain('Mandiri 123000456789');
    const [account] = await testApp.db.select().from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, merchantId));
    expect(account).toMatchObject({ bank: 'Mandiri', accountNumber: '123000456789', accountName: 'PT Lumina Cantik' });
    expect(await testApp.db.select().from(merchantPaymentSettings).where(eq(merchantPaymentSettings.merchantId, merchantId))).toEqual([]);

    expect((await kartu('merchants', 'bank-account', '--mid', 'luminabeauty', '--bank', 'Mandiri', '--account-number', '12ab', '--account-name', 'X')).code).toBe(2);
    expect((await kartu('merchants', 'bank-account', '--mid', 'luminabeauty', '--bank', 'Mandiri', '--account-number', '1234567')).code).toBe(2);
    expect((await kartu('merchants', 'payments', '--mid', 'luminabeauty', '--provider', 'manual', '--methods', 'manual_transfer')).code).toBe(2);

    expect(await kartu('merchants', 'bank-account', '--mid', 'luminabeauty', '--remove')).toMatchObject({ code: 0, out: expect.stringContaining('no longer') });
    expect(await testApp.db.select().from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, merchantId))).toEqual([]);
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

  it("reads a rounding rule as the total rounded to the currency's smallest cash unit, never as a fee", () => {
    const rupiah = { code: 'IDR', decimalDigits: 0 };
    expect(parseFeeRule('rounding:cash', rupiah)).toEqual({ type: 'rounding', toNearestMinor: 100 });
    expect(parseFeeRule('rounding', rupiah)).toEqual({ type: 'rounding', toNearestMinor: 100 });
    expect(parseFeeRule('rounding:cash@cash_on_delivery', rupiah)).toEqual({ type: 'rounding', toNearestMinor: 100, methods: ['cash_on_delivery'] });
    expect(parseFeeRule('rounding:cash', { code: 'MYR', decimalDigits: 2 })).toEqual({ type: 'rounding', toNearestMinor: 5 });
    expect(() => parseFeeRule('rounding:500', rupiah)).toThrow(/rounding:cash/);
    expect(() => parseFeeRule('rounding:cash')).toThrow(/merchant/);
    expect(() => parseFeeRule('rounding:cash', { code: 'JPY', decimalDigits: 0 })).toThrow(/nothing to round/);
    expect(parseFeeRules('admin:2500 rounding:cash', rupiah)).toEqual([{ type: 'admin', fixedMinor: 2500 }, { type: 'rounding', toNearestMinor: 100 }]);
    expect(() => parseFeeRules('rounding:cash rounding:cash@qris', rupiah)).toThrow(/one rounding rule/);
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
