import { billPaymentSchema, billProductSchema, billQuoteSchema, type BillCategory, type BillPayment, type BillProduct, type BillQuote } from '@kartu/contracts';
import { paths } from '../../config/paths.ts';
import { cardId } from '../../test/shop.test-support.ts';
import { renderPage } from '../../test/render.test-support.tsx';
import { BillCategoryPage } from './routes/bill-category-page.tsx';
import { BillPaymentPage } from './routes/bill-payment-page.tsx';
import { BillsPage } from './routes/bills-page.tsx';

/* The bills pages' tests: products, checks and payments as the server answers them. */

export const billCardId = cardId;
export const billsPath = `/api/v2/cards/${billCardId}/bills`;
export const checkPath = `${billsPath}/check`;
export const billId = '7d3f9a2c-1b4e-4c8d-9e6f-2a1b3c4d5e6f';
export const billPath = `${billsPath}/${billId}`;
export const productsRoute = (category: BillCategory) => `GET /api/v2/bills/products?category=${category}`;

const prepaid = (sku: string, category: BillCategory, provider: string | null, name: string, price: number, adminFee = 0): BillProduct =>
  billProductSchema.parse({ sku, category, provider, name, kind: 'prepaid', price, adminFee });

/** A few of each kind's products, as the catalog names and prices them. */
export const billProducts: Record<BillCategory, BillProduct[]> = {
  mobile_credit: [
    prepaid('telkomsel-credit-10', 'mobile_credit', 'telkomsel', 'Telkomsel Rp 10.000', 11_500),
    prepaid('telkomsel-credit-25', 'mobile_credit', 'telkomsel', 'Telkomsel Rp 25.000', 26_500),
    prepaid('indosat-credit-10', 'mobile_credit', 'indosat', 'Indosat Rp 10.000', 11_500),
    prepaid('indosat-credit-25', 'mobile_credit', 'indosat', 'Indosat Rp 25.000', 26_500),
    prepaid('xl-credit-10', 'mobile_credit', 'xl', 'XL Rp 10.000', 11_500),
  ],
  mobile_data: [prepaid('telkomsel-data-2gb', 'mobile_data', 'telkomsel', 'Telkomsel 2 GB, 7 days', 15_000), prepaid('indosat-data-2gb', 'mobile_data', 'indosat', 'Indosat 2 GB, 7 days', 15_000)],
  electricity_token: [prepaid('pln-token-20', 'electricity_token', null, 'PLN token Rp 20.000', 22_500, 2_500), prepaid('pln-token-50', 'electricity_token', null, 'PLN token Rp 50.000', 52_500, 2_500)],
  electricity_postpaid: [billProductSchema.parse({ sku: 'pln-postpaid', category: 'electricity_postpaid', provider: null, name: 'PLN postpaid', kind: 'postpaid', price: null, adminFee: 0 })],
  health_insurance: [billProductSchema.parse({ sku: 'bpjs-health', category: 'health_insurance', provider: null, name: 'BPJS Kesehatan', kind: 'postpaid', price: null, adminFee: 0 })],
  water: [billProductSchema.parse({ sku: 'pdam-water', category: 'water', provider: null, name: 'PDAM water', kind: 'postpaid', price: null, adminFee: 0 })],
  ewallet: [prepaid('gopay-10', 'ewallet', 'gopay', 'GoPay Rp 10.000', 10_500, 500), prepaid('ovo-10', 'ewallet', 'ovo', 'OVO Rp 10.000', 10_500, 500)],
};

/** A check of Telkomsel credit for a Telkomsel phone, paid with points; override what a test is about. */
export function quoteOf(overrides: Partial<BillQuote> = {}): BillQuote {
  return billQuoteSchema.parse({
    checkId: '3c1e5b7a-9d2f-4a6b-8c0d-1e2f3a4b5c6d',
    sku: 'telkomsel-credit-10',
    productName: 'Telkomsel Rp 10.000',
    customerNo: '081234567890',
    customerName: null,
    period: null,
    details: {},
    amount: 11_500,
    adminFee: 0,
    cost: { points: 1_150, balance: null, unit: 'POINT' },
    expiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
    ...overrides,
  });
}

/** The payment of that check, done, with its serial number. */
export function billPaymentOf(overrides: Partial<BillPayment> = {}): BillPayment {
  return billPaymentSchema.parse({
    id: billId,
    cardId: billCardId,
    sku: 'telkomsel-credit-10',
    category: 'mobile_credit',
    productName: 'Telkomsel Rp 10.000',
    customerNo: '081234567890',
    customerName: null,
    period: null,
    amount: 11_500,
    adminFee: 0,
    source: 'points',
    spent: 1_150,
    unit: 'POINT',
    status: 'success',
    serialNumber: 'SN-4471-2290-8812',
    message: 'Transaksi Sukses',
    createdAt: '2026-03-10T03:00:00.000Z',
    settledAt: '2026-03-10T03:00:02.000Z',
    ...overrides,
  });
}

/** The three bills pages as the app routes them, opened at `entry` after the card's page; the query cache is returned. */
export function renderBills(entry: string) {
  return renderPage(
    [
      { path: paths.cardBills.path, element: <BillsPage /> },
      { path: paths.cardBillPayment.path, element: <BillPaymentPage /> },
      { path: paths.cardBillCategory.path, element: <BillCategoryPage /> },
    ],
    { history: [paths.cardDetail.href({ cardId: billCardId }), entry] },
  );
}
