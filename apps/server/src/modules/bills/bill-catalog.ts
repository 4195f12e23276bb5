import type { BillCategory, BillProduct, MobileOperator, TopUpWallet } from '@kartu/contracts';
import { mobileOperators, topUpWallets } from '@kartu/contracts';

/*
 * What members can buy and pay (docs/decisions/047-bills.md): the products every merchant offers,
 * their SKUs as the biller names them, and the price a member pays (nominal plus the admin fee).
 * A merchant on a real biller maps the same SKUs in its biller account.
 */

const operatorNames: Record<MobileOperator, string> = { telkomsel: 'Telkomsel', indosat: 'Indosat', xl: 'XL', axis: 'Axis', tri: 'Tri', smartfren: 'Smartfren' };
const walletNames: Record<TopUpWallet, string> = { gopay: 'GoPay', ovo: 'OVO', dana: 'DANA', shopeepay: 'ShopeePay', linkaja: 'LinkAja' };

const rupiah = (amount: number) => `Rp ${amount.toLocaleString('id-ID')}`;

/** Mobile credit: the nominal plus Rp 1.500, as sellers of credit charge. */
const creditNominals = [5_000, 10_000, 25_000, 50_000, 100_000];
const dataPackages = [
  { code: '2GB', name: '2 GB, 7 days', price: 15_000 },
  { code: '10GB', name: '10 GB, 30 days', price: 55_000 },
  { code: '25GB', name: '25 GB, 30 days', price: 95_000 },
];
const tokenNominals = [20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];
const topUpNominals = [10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];
/** spec: business-rules §9 admin fee for a shopping e-wallet top-up: Rp 500. */
export const EWALLET_ADMIN_FEE = 500;
const TOKEN_ADMIN_FEE = 2_500;

export const billProducts: readonly BillProduct[] = [
  ...mobileOperators.flatMap((operator) =>
    creditNominals.map((nominal) => ({ sku: `${operator}-credit-${nominal / 1000}`, category: 'mobile_credit' as const, provider: operator, name: `${operatorNames[operator]} ${rupiah(nominal)}`, kind: 'prepaid' as const, price: nominal + 1_500, adminFee: 0 })),
  ),
  ...mobileOperators.flatMap((operator) =>
    dataPackages.map((pack) => ({ sku: `${operator}-data-${pack.code.toLowerCase()}`, category: 'mobile_data' as const, provider: operator, name: `${operatorNames[operator]} ${pack.name}`, kind: 'prepaid' as const, price: pack.price, adminFee: 0 })),
  ),
  ...tokenNominals.map((nominal) => ({ sku: `pln-token-${nominal / 1000}`, category: 'electricity_token' as const, provider: null, name: `PLN token ${rupiah(nominal)}`, kind: 'prepaid' as const, price: nominal + TOKEN_ADMIN_FEE, adminFee: TOKEN_ADMIN_FEE })),
  { sku: 'pln-postpaid', category: 'electricity_postpaid', provider: null, name: 'PLN postpaid', kind: 'postpaid', price: null, adminFee: 0 },
  { sku: 'bpjs-health', category: 'health_insurance', provider: null, name: 'BPJS Kesehatan', kind: 'postpaid', price: null, adminFee: 0 },
  { sku: 'pdam-water', category: 'water', provider: null, name: 'PDAM water', kind: 'postpaid', price: null, adminFee: 0 },
  ...topUpWallets.flatMap((wallet) =>
    topUpNominals.map((nominal) => ({ sku: `${wallet}-${nominal / 1000}`, category: 'ewallet' as const, provider: wallet, name: `${walletNames[wallet]} ${rupiah(nominal)}`, kind: 'prepaid' as const, price: nominal + EWALLET_ADMIN_FEE, adminFee: EWALLET_ADMIN_FEE })),
  ),
];

export function billProductsOf(category: BillCategory): BillProduct[] {
  return billProducts.filter((product) => product.category === category);
}

export function findBillProduct(sku: string): BillProduct | undefined {
  return billProducts.find((product) => product.sku === sku);
}
