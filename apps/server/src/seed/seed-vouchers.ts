import { and, eq } from 'drizzle-orm';
import { DAY_MS } from '@kartu/core/calendar';
import type { Database } from '../db/database.ts';
import { products } from '../modules/catalog/catalog.table.ts';
import { createOutlet } from '../modules/outlets/outlets.service.ts';
import { issueVouchers, upsertVoucherTemplate } from '../modules/vouchers/vouchers.service.ts';
import { vouchers } from '../modules/vouchers/vouchers.table.ts';
import { demoProducts } from './seed-catalog.ts';
import { demoCardId, demoCardNumbers, demoMember, demoProgramIds, type SeedCardsOptions } from './seed-cards.ts';

/*
 * The voucher demo (README "Demo data"): Kopi Senja's vouchers for the counter (sold in the shop)
 * and one for online orders (granted); Rani holds usable, used and expired ones.
 */

export const demoVoucherTemplateIds = {
  kopiSusu: '5eed0000-0000-4000-8000-000000000601',
  croissant: '5eed0000-0000-4000-8000-000000000602',
  onlineTreat: '5eed0000-0000-4000-8000-000000000603',
} as const;

const productOf = (sku: string) => {
  const product = demoProducts.find((candidate) => candidate.sku === sku);
  if (!product) throw new Error(`No demo product ${sku}`);
  return product.id;
};

/** The demo outlet's code, named in the README: staff type it to redeem a voucher at the counter. */
export const demoOutlet = { id: '5eed0000-0000-4000-8000-000000000701', name: 'Kopi Senja Senayan', code: 'SENAYAN1' } as const;

export async function seedKopiSenjaVouchers(tx: Database, merchantId: number, { now, outletCodeKey }: Pick<SeedCardsOptions, 'now' | 'outletCodeKey'>): Promise<void> {
  await createOutlet({ db: tx, merchantId, ...demoOutlet, requiresCashierCode: false, codeKey: outletCodeKey });
  const programId = demoProgramIds.kopiSenjaRewards;
  const pictureOf = async (productId: string) => (await tx.select({ imageId: products.imageId }).from(products).where(and(eq(products.id, productId), eq(products.merchantId, merchantId))))[0]?.imageId ?? null;
  const kopiSusu = await upsertVoucherTemplate(tx, {
    id: demoVoucherTemplateIds.kopiSusu,
    merchantId,
    programId,
    productId: productOf('KS-EV-KOPSU'),
    name: 'Kopi Susu Gula Aren',
    valueText: '1 Kopi Susu Gula Aren, any size',
    description: 'Our iced milk coffee with palm sugar, at any Kopi Senja outlet.',
    terms: 'Show the code at the counter. One voucher per drink. Not valid with other promotions.',
    imageId: await pictureOf(productOf('KS-EV-KOPSU')),
    usableAt: 'in_store',
    validityDays: 30,
    dailyRedemptionLimit: 2,
  });
  await upsertVoucherTemplate(tx, {
    id: demoVoucherTemplateIds.croissant,
    merchantId,
    programId,
    productId: productOf('KS-EV-CROISSANT'),
    name: 'Butter croissant',
    valueText: '1 butter croissant',
    description: 'Baked every morning at our outlets.',
    terms: 'Show the code at the counter. While stocks last.',
    imageId: await pictureOf(productOf('KS-EV-CROISSANT')),
    usableAt: 'in_store',
    validityDays: 14,
    dailyRedemptionLimit: null,
  });
  const onlineTreat = await upsertVoucherTemplate(tx, {
    id: demoVoucherTemplateIds.onlineTreat,
    merchantId,
    programId,
    productId: null,
    name: 'Online order treat',
    valueText: '200 points off an online order',
    description: 'Takes 200 points off an order in the app of 1,000 points or more.',
    terms: 'For orders in the app only. One voucher per order.',
    imageId: null,
    usableAt: 'ecommerce',
    validityDays: 60,
    dailyRedemptionLimit: null,
    discountKind: 'points',
    discountValue: 200n,
    minimumPoints: 1_000n,
    minimumMinor: null,
  });

  const rani = await demoMember(tx, { merchantId, phone: '+6281211112222', name: 'Rani Saputra', now });
  const holder = { userId: rani, cardId: demoCardId(demoCardNumbers.raniPoints) };
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  // Two to use at the counter, one used last week at Senayan, one for the shop, and one that ran out: granted once each, whatever the reseeds.
  await issueVouchers(tx, { merchantId, holder, source: { type: 'grant', id: 'demo-rani-kopi-susu' }, items: [{ template: kopiSusu, quantity: 2 }], now: daysAgo(3) });
  const [used] = await issueVouchers(tx, { merchantId, holder, source: { type: 'grant', id: 'demo-rani-kopi-susu-used' }, items: [{ template: kopiSusu, quantity: 1 }], now: daysAgo(10) });
  if (used) await tx.update(vouchers).set({ status: 'used', usedAt: daysAgo(7), usedPlace: 'Kopi Senja Senayan' }).where(eq(vouchers.id, used.id));
  await issueVouchers(tx, { merchantId, holder, source: { type: 'grant', id: 'demo-rani-online-treat' }, items: [{ template: onlineTreat, quantity: 1 }], now: daysAgo(2) });
  await issueVouchers(tx, { merchantId, holder, source: { type: 'grant', id: 'demo-rani-online-treat-expired' }, items: [{ template: onlineTreat, quantity: 1 }], now: daysAgo(75) });
}
