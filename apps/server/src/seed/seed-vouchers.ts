import { and, eq } from 'drizzle-orm';
import { DAY_MS } from '@kartu/core/calendar';
import type { Database } from '../db/database.ts';
import { products } from '../modules/catalog/catalog.table.ts';
import { getMemberGiftCard } from '../modules/gift-cards/gift-cards.service.ts';
import { activateGiftVoucher } from '../use-cases/gift-card-activation/gift-card-activation.ts';
import { chargeAtTill } from '../use-cases/gift-card-charge/gift-card-charge.ts';
import { createOutlet } from '../modules/outlets/outlets.service.ts';
import { setPlanVouchers } from '../modules/vouchers/plan-vouchers.service.ts';
import { upsertVoucherTemplate } from '../modules/vouchers/vouchers.service.ts';
import { issueVouchers } from '../modules/vouchers/voucher-issuing.service.ts';
import { vouchers } from '../modules/vouchers/vouchers.table.ts';
import { demoProducts } from './seed-catalog.ts';
import { demoPlanIds } from './seed-subscriptions.ts';
import { demoCardId, demoCardNumbers, demoMember, demoProgramIds, upsertProgram, type SeedCardsOptions } from './seed-cards.ts';

/*
 * The voucher demo (README "Demo data"): Kopi Senja's vouchers for the counter (sold in the shop)
 * and one for online orders (granted); Rani holds usable, used and expired ones. The gift card
 * demo: a Rp100.000 gift card sold in the shop; Rani holds one still to add, and one added and
 * spent in part at the Senayan outlet.
 */

export const demoVoucherTemplateIds = {
  kopiSusu: '5eed0000-0000-4000-8000-000000000601',
  croissant: '5eed0000-0000-4000-8000-000000000602',
  onlineTreat: '5eed0000-0000-4000-8000-000000000603',
  giftCard: '5eed0000-0000-4000-8000-000000000604',
  clubKopiSusu: '5eed0000-0000-4000-8000-000000000605',
  tumblerRefill: '5eed0000-0000-4000-8000-000000000606',
  cinemaTicket: '5eed0000-0000-4000-8000-000000000607',
} as const;

/** Kopi Senja's e-gift program: the cards its gift card vouchers become once added (docs/decisions/027-gift-cards.md). */
export const demoGiftCardProgramId = '5eed0000-0000-4000-8000-000000000005';

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

  await upsertProgram(
    tx,
    {
      id: demoGiftCardProgramId,
      merchantId,
      name: 'Kopi Senja Gift Card',
      type: 'egift',
      unit: 'CASH',
      currencyCode: 'IDR',
      iconUrl: '/brand/kopi-senja.svg',
      earnRateNumerator: 0n,
      earnRateDenominator: 1n,
      expiryPolicy: 'none',
      visualAttributes: { showTransactionHistory: true },
      menus: [{ key: 'transaction-history', label: 'Transaction history' }],
    },
    [],
    now,
  );
  const giftCard = await upsertVoucherTemplate(tx, {
    id: demoVoucherTemplateIds.giftCard,
    merchantId,
    programId,
    productId: productOf('KS-GIFT-100K'),
    name: 'Kopi Senja gift card',
    valueText: 'Rp100.000 to spend at any outlet',
    description: 'Add it to your cards, then pay any amount at the counter until it is used up. Or send it to a friend first.',
    terms: 'Add it to your cards within a year. Not exchangeable for cash.',
    imageId: await pictureOf(productOf('KS-GIFT-100K')),
    usableAt: 'in_store',
    validityDays: 365,
    dailyRedemptionLimit: null,
    giftCardProgramId: demoGiftCardProgramId,
    giftCardValue: 100_000n,
  });

  // Kopi Senja Club brings a Kopi Susu with every paid month, twelve with a paid year.
  const clubKopiSusu = await upsertVoucherTemplate(tx, {
    id: demoVoucherTemplateIds.clubKopiSusu,
    merchantId,
    programId: demoProgramIds.kopiSenjaClub,
    productId: null,
    name: 'Club Kopi Susu',
    valueText: 'A Kopi Susu with every month of the Club',
    description: 'Our iced milk coffee, any size, for Club members.',
    terms: 'Show the code at the counter. One a day.',
    imageId: await pictureOf(productOf('KS-EV-KOPSU')),
    usableAt: 'in_store',
    validityDays: 31,
    dailyRedemptionLimit: 1,
  });
  await setPlanVouchers({ db: tx, merchantId, planId: demoPlanIds.clubMonthly, templateId: clubKopiSusu.id, quantity: 1 });
  await setPlanVouchers({ db: tx, merchantId, planId: demoPlanIds.clubYearly, templateId: clubKopiSusu.id, quantity: 12 });

  // A voucher whose code only the member's phone keeps, and one a partner (a cinema) issues.
  const tumblerRefill = await upsertVoucherTemplate(tx, {
    id: demoVoucherTemplateIds.tumblerRefill,
    merchantId,
    programId,
    productId: null,
    name: 'Tumbler refill',
    valueText: 'Your Senja tumbler refilled with any drink',
    description: 'Bring your Senja tumbler: any drink of the menu poured into it.',
    terms: 'The code is shown once, on the phone that first opens it: keep that phone at hand.',
    imageId: await pictureOf(productOf('KS-TUMBLER-500')),
    usableAt: 'in_store',
    validityDays: 30,
    dailyRedemptionLimit: 1,
    codeStorage: 'hashed',
  });
  await upsertVoucherTemplate(tx, {
    id: demoVoucherTemplateIds.cinemaTicket,
    merchantId,
    programId,
    productId: null,
    name: 'Cinema ticket',
    valueText: 'One 2D ticket at our partner cinema',
    description: 'A ticket for any 2D showing, issued by our partner cinema.',
    terms: 'Show both codes at the cinema counter.',
    imageId: null,
    usableAt: 'in_store',
    validityDays: 30,
    dailyRedemptionLimit: null,
    issuer: 'partner',
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

  await issueVouchers(tx, { merchantId, holder, source: { type: 'grant', id: 'demo-rani-tumbler-refill' }, items: [{ template: tumblerRefill, quantity: 1 }], now: daysAgo(1) });

  // One gift card to add (or send), and one added a week ago and spent in part: Rp35.000 at Senayan.
  await issueVouchers(tx, { merchantId, holder, source: { type: 'grant', id: 'demo-rani-gift-card' }, items: [{ template: giftCard, quantity: 1 }], now: daysAgo(1) });
  const [added] = await tx.select({ id: vouchers.id }).from(vouchers).where(and(eq(vouchers.sourceType, 'grant'), eq(vouchers.sourceId, 'demo-rani-gift-card-added')));
  if (added) return;
  const [toAdd] = await issueVouchers(tx, { merchantId, holder, source: { type: 'grant', id: 'demo-rani-gift-card-added' }, items: [{ template: giftCard, quantity: 1 }], now: daysAgo(9) });
  if (!toAdd) return;
  const { cardId } = await activateGiftVoucher({ db: tx, merchantId, userId: rani, voucherId: toAdd.id, now: daysAgo(7) });
  const { payCode } = await getMemberGiftCard({ db: tx, merchantId, userId: rani, cardId, now: daysAgo(7) });
  await chargeAtTill({ tx, merchantId, code: payCode, amount: 35_000, outletId: demoOutlet.id, reference: 'SNY-0412', now: daysAgo(5) });
}
