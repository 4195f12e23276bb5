import { cardDetailSchema, productDetailSchema, productSummarySchema, type CardDetail, type CatalogPage, type ProductDetail, type ProductSummary } from '@kartu/contracts';
import { okAnswer, stubApi, type Answer } from '../../test/api-stub.test-support.ts';

export const cardId = 'demo00006001030000000011';
export const cardPath = `/api/v2/cards/${cardId}`;
export const catalogPath = `${cardPath}/catalogs`;
export const quotePath = `${cardPath}/carts/quote`;

const rupiah = { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' };

export function shopCard(overrides: Partial<CardDetail> = {}): CardDetail {
  return cardDetailSchema.parse({
    id: cardId,
    no: '6012345678901234',
    isCardActive: true,
    status: 'active',
    validTill: null,
    programType: 'points',
    subscription: null,
    cardProgram: { iconUrl: null, cardArt: null, programId: 'prg-1', programName: 'Kopi Senja Rewards' },
    merchant: { brand: 'Kopi Senja', id: 42, countryCode: 'ID' },
    customer: { id: 'u-7' },
    customerData: { email: null, phone: '+6281211112222', name: 'Rani' },
    visualAttributes: { showBtnShop: true },
    menus: [],
    currency: rupiah,
    isBalanceStamps: false,
    isFixedAddress: false,
    fixedAddressDetail: null,
    balance: { amount: 5000, unit: 'POINT', expiring: [] },
    levels: [],
    levelProgress: { lifetimeExperience: 0, earnedInRetentionPeriod: 0, retentionPeriodDays: 365, current: null, next: null, progress: 0 },
    registration: { required: false, completed: true, form: [] },
    hidden: false,
    archived: false,
    claimableRewards: 0,
    ...overrides,
  });
}

export const coffee = { id: 'cat-coffee', name: 'Coffee beans', isExclusive: false, productCount: 2 };
export const vouchers = { id: 'cat-vouchers', name: 'Vouchers', isExclusive: false, productCount: 1 };
export const gold = { id: 'cat-gold', name: 'Gold', isExclusive: true, productCount: 1 };

export function product(overrides: Partial<ProductSummary> & Pick<ProductSummary, 'id' | 'name'>): ProductSummary {
  return productSummarySchema.parse({
    type: 'physical',
    category: { id: coffee.id, name: coffee.name, isExclusive: false },
    image: { src: `/media/${overrides.id}/160.webp`, srcSet: `/media/${overrides.id}/160.webp 160w, /media/${overrides.id}/320.webp 320w`, width: 160, height: 160 },
    price: { points: 1200, money: null, currency: 'IDR' },
    stock: { status: 'in_stock', count: 42 },
    maxPerOrder: 5,
    weightGrams: 250,
    isPreciousMetal: false,
    ...overrides,
  });
}

export function productDetail(summary: ProductSummary, overrides: Partial<ProductDetail> = {}): ProductDetail {
  return productDetailSchema.parse({ ...summary, description: 'Single-origin beans from Aceh.', terms: 'No returns on opened bags.', photo: null, ...overrides });
}

export const beans = product({ id: 'p-beans', name: 'Gayo Arabica 250 g' });
export const blend = product({ id: 'p-blend', name: 'House Blend', price: { points: 1000, money: 25_000, currency: 'IDR' }, stock: { status: 'in_stock', count: 3 }, maxPerOrder: 3 });
export const soldOut = product({ id: 'p-sold-out', name: 'Kopi Luwak', stock: { status: 'out_of_stock' }, maxPerOrder: 0, image: null });
export const voucher = product({
  id: 'p-voucher',
  name: 'Coffee voucher',
  type: 'evoucher',
  category: { id: vouchers.id, name: vouchers.name, isExclusive: false },
  price: { points: null, money: 50_000, currency: 'IDR' },
  stock: { status: 'more_than_100' },
  maxPerOrder: 10,
  weightGrams: null,
});

export function catalogPage(data: ProductSummary[], extra: Partial<CatalogPage> = {}): CatalogPage {
  return { categories: [coffee, vouchers], data, total: data.length, nextCursor: null, ...extra };
}

/** The card and whatever else the test answers. */
export function stubShop(routes: Record<string, Answer | Answer[]> = {}, card: CardDetail = shopCard()) {
  return stubApi({ [`GET ${cardPath}`]: () => okAnswer(card), ...routes });
}
