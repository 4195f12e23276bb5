import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { voucherWalletSchema } from '@kartu/contracts';
import { memberWithCard, send, type CardMember } from '../modules/cards/cards.test-support.ts';
import { newCatalog, type TestCatalog } from '../modules/catalog/catalog.test-support.ts';
import { programs } from '../modules/programs/programs.table.ts';
import { voucherTemplates } from '../modules/vouchers/vouchers.table.ts';
import type { TestApp } from '../test/test-app.ts';
import { merchantIdOf, useTestApp } from '../test/test-app.ts';
import { kartuOn } from './cli.test-support.ts';

let testApp: TestApp;
let catalog: TestCatalog;
let member: CardMember;

useTestApp((made) => ({ testApp } = made));
beforeAll(async () => {
  const merchantId = await merchantIdOf(testApp.db);
  catalog = await newCatalog(testApp, merchantId);
  member = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
});

const kartu = kartuOn(() => testApp);
const idIn = (text: string) => /id ([0-9a-f-]{36})/.exec(text)?.[1] ?? '';

describe('kartu programs create --type egift and kartu vouchers', () => {
  it('makes an e-gift program in the merchant’s currency that earns nothing, and a gift card template sold by a product', async () => {
    const made = await kartu('programs', 'create', '--merchant', 'KOPISENJA', '--name', 'Gift cards', '--type', 'egift');
    expect(made.code, made.error).toBe(0);
    const [program] = await testApp.db.select().from(programs).where(eq(programs.id, idIn(made.out)));
    expect(program).toMatchObject({ type: 'egift', unit: 'CASH', currencyCode: 'IDR', earnRateNumerator: 0n });

    const template = await kartu('vouchers', 'template', '--merchant', 'KOPISENJA', '--program', catalog.programId, '--name', 'Gift card 50K', '--days', '365', '--product', 'SKU-1', '--gift-card-program', program?.id ?? '', '--gift-card-value', '50000');
    expect(template.code, template.error).toBe(0);
    const [row] = await testApp.db.select().from(voucherTemplates).where(eq(voucherTemplates.id, idIn(template.out)));
    expect(row).toMatchObject({ productId: catalog.products.voucher.id, giftCardProgramId: program?.id, giftCardValue: 50_000n, codeStorage: 'plain', issuer: 'kartu' });
  });

  it('keeps only hashes of the codes, or waits for a partner, as the template says; and grants vouchers to a card', async () => {
    const made = await kartu('vouchers', 'template', '--merchant', 'KOPISENJA', '--program', catalog.programId, '--name', 'Cinema ticket', '--days', '30', '--hashed-codes', '--partner', '--daily-limit', '1');
    expect(made.code, made.error).toBe(0);
    const [row] = await testApp.db.select().from(voucherTemplates).where(eq(voucherTemplates.id, idIn(made.out)));
    expect(row).toMatchObject({ codeStorage: 'hashed', issuer: 'partner', dailyRedemptionLimit: 1 });

    const online = await kartu('vouchers', 'template', '--merchant', 'KOPISENJA', '--program', catalog.programId, '--name', '10% off', '--days', '30', '--usable-at', 'ecommerce', '--discount', 'percent:10', '--minimum-points', '1000');
    expect(online.code, online.error).toBe(0);
    const [discount] = await testApp.db.select().from(voucherTemplates).where(eq(voucherTemplates.id, idIn(online.out)));
    expect(discount).toMatchObject({ discountKind: 'percent', discountValue: 1_000n, minimumPoints: 1_000n });

    const granted = await kartu('vouchers', 'grant', '--merchant', 'KOPISENJA', '--template', idIn(online.out), '--card', member.card.number, '--quantity', '2');
    expect(granted.code, granted.error).toBe(0);
    const wallet = voucherWalletSchema.parse((await send(testApp, 'GET', '/api/v2/vouchers', { member })).json());
    expect(wallet.data.find((stack) => stack.template.name === '10% off')?.activeCount).toBe(2);
  });

  it('refuses what a template cannot be, saying why', async () => {
    const base = ['vouchers', 'template', '--merchant', 'KOPISENJA', '--program', catalog.programId, '--name', 'Bad', '--days', '30'];
    expect((await kartu(...base, '--product', 'SKU-2')).error).toContain('Only an e-voucher product');
    expect((await kartu(...base, '--product', 'NOPE')).error).toContain('No product has the SKU NOPE');
    expect((await kartu(...base, '--discount', 'percent:10')).error).toContain('online orders');
    expect((await kartu(...base, '--gift-card-program', catalog.programId, '--gift-card-value', '1000')).error).toContain('e-gift program');
    expect((await kartu(...base, '--gift-card-value', '1000')).code).toBe(2);
    expect((await kartu('vouchers', 'grant', '--merchant', 'KOPISENJA', '--template', catalog.programId, '--card', member.card.number)).code).toBe(1);
  });
});
