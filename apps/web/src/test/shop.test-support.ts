import { paymentFixture, testPaymentId } from './payment.test-support.ts';
import {
  addressSchema,
  cardDetailSchema,
  checkoutQuoteSchema,
  orderSchema,
  orderStatusColourOf,
  productDetailSchema,
  productSummarySchema,
  type Address,
  type CardDetail,
  type CatalogPage,
  type CheckoutQuote,
  type Order,
  type PaymentAnswer,
  type ProductDetail,
  type ProductSummary,
} from '@kartu/contracts';
import { okAnswer, stubApi, type Answer } from './api-stub.test-support.ts';

export const cardId = 'demo00006001030000000011';
export const cardPath = `/api/v2/cards/${cardId}`;
export const catalogPath = `${cardPath}/catalogs`;
export const quotePath = `${cardPath}/carts/quote`;
export const checkoutQuotePath = `${cardPath}/checkout/quote`;
export const ordersPath = `${cardPath}/orders`;
export const distributorsPath = `${cardPath}/distributors`;
export const paymentOptionsPath = '/api/v2/payments';
export const addressesPath = '/api/v2/addresses';

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
    customValue: null,
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

/** A checkout quote of two bags of beans paid in points, with room for the test's changes. */
export function checkoutQuote(overrides: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return checkoutQuoteSchema.parse({
    lines: [{ productId: beans.id, type: 'physical', name: beans.name, image: null, quantity: 2, unitPoints: 1200, unitMoney: null, points: 2400, money: 0 }],
    problems: [],
    needsDelivery: true,
    deliveryOptions: [
      { method: 'instant', fee: 25_000, isAvailable: true, unavailableReason: null },
      { method: 'courier', fee: 12_000, isAvailable: true, unavailableReason: null },
      { method: 'pickup', fee: 0, isAvailable: true, unavailableReason: null },
    ],
    subtotal: { points: 2400, money: 0 },
    promo: null,
    voucher: null,
    fees: [{ type: 'shipping', amount: 12_000 }],
    total: { points: 2400, money: 12_000 },
    currency: 'IDR',
    payment: { points: 2400, money: 12_000, pointsShortfall: 0, balance: 5000, needsPaymentMethod: true },
    isValid: true,
    ...overrides,
  });
}

export function deliveryAddress(overrides: Partial<Address> & Pick<Address, 'id'>): Address {
  const area = (code: string, name: string) => ({ code, name });
  return addressSchema.parse({
    type: 'home',
    recipientName: 'Rani',
    recipientPhone: '+6281211112222',
    countryCode: 'ID',
    province: area('31', 'DKI Jakarta'),
    regency: area('31.74', 'Kota Jakarta Selatan'),
    district: area('31.74.07', 'Tebet'),
    village: area('31.74.07.1001', 'Tebet Timur'),
    fullAddress: 'Jl. Tebet Raya 12',
    zip: '12820',
    note: null,
    latitude: null,
    longitude: null,
    isPrimary: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

export const orderPaymentId = testPaymentId;

export function orderPayment(overrides: Partial<PaymentAnswer> = {}): PaymentAnswer {
  return paymentFixture({ subject: { type: 'order', id: 'ord-1' }, amount: 12_000, provider: 'xendit', instructions: { kind: 'virtual_account', bank: 'BCA', accountNumber: '8808123456789012' }, ...overrides });
}

/** An order of two bags of beans by courier, paid in points and its shipping in money. */
export function order(overrides: Partial<Order> = {}): Order {
  const status = overrides.status ?? 'new';
  return orderSchema.parse({
    id: 'ord-1',
    number: 'KS-0001',
    cardId,
    status,
    statusColour: orderStatusColourOf[status],
    lines: [{ productId: beans.id, sku: 'BEANS-250', type: 'physical', name: beans.name, image: null, quantity: 2, unitPoints: 1200, unitMoney: null, points: 2400, money: 0 }],
    delivery: {
      method: 'courier',
      destination: { recipientName: 'Rani', recipientPhone: '+6281211112222', fullAddress: 'Jl. Tebet Raya 12, Tebet Timur, Tebet, Kota Jakarta Selatan, DKI Jakarta, 12820', note: null },
      distributor: null,
      courier: null,
      trackingNumber: null,
    },
    subtotal: { points: 2400, money: 0 },
    discount: null,
    fees: [{ type: 'shipping', amount: 12_000 }],
    total: { points: 2400, money: 12_000 },
    paid: { points: 2400, money: 12_000 },
    currency: 'IDR',
    payment: null,
    note: null,
    history: [
      { status: 'waiting_payment', at: '2026-11-24T10:00:00.000Z', note: null },
      { status: 'new', at: '2026-11-24T10:05:00.000Z', note: null },
    ],
    vouchers: [],
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:05:00.000Z',
    ...overrides,
  });
}
