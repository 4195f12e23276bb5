import { billCategories, billCheckBodySchema, type BillCategory, type BillProduct } from '@kartu/contracts';
import { mobileOperatorOf, nationalMobileNumber } from '@kartu/core/mobile-operator';

/*
 * The kinds of bills and top-ups a card pays (business-rules §1 buy prepaid and bill services), and
 * what each asks of the member: which number, which notes, how its products are grouped.
 */

/** What the customer number is: its label, hint and keyboard. */
export type CustomerNumberKind = 'phone' | 'walletPhone' | 'meterOrCustomer' | 'customerId' | 'bpjsAccount' | 'waterCustomer';

/** spec: business-rules §9: electricity and water closing hours; verification times of BPJS and electricity. */
export type BillNote = 'closingHours' | 'electricityVerification' | 'bpjsVerification';

export interface BillKind {
  number: CustomerNumberKind;
  /** The products come by provider (mobile operators, e-wallets), one tab each. */
  byProvider: boolean;
  /** The operator follows the phone typed, and a phone of another operator is refused (business-rules §5). */
  detectsOperator: boolean;
  notes: readonly BillNote[];
}

export const billKinds: Readonly<Record<BillCategory, BillKind>> = {
  mobile_credit: { number: 'phone', byProvider: true, detectsOperator: true, notes: [] },
  mobile_data: { number: 'phone', byProvider: true, detectsOperator: true, notes: [] },
  electricity_token: { number: 'meterOrCustomer', byProvider: false, detectsOperator: false, notes: ['closingHours', 'electricityVerification'] },
  electricity_postpaid: { number: 'customerId', byProvider: false, detectsOperator: false, notes: ['closingHours', 'electricityVerification'] },
  health_insurance: { number: 'bpjsAccount', byProvider: false, detectsOperator: false, notes: ['bpjsVerification'] },
  water: { number: 'waterCustomer', byProvider: false, detectsOperator: false, notes: ['closingHours'] },
  ewallet: { number: 'walletPhone', byProvider: true, detectsOperator: false, notes: [] },
};

export function isBillCategory(value: string | undefined): value is BillCategory {
  return (billCategories as readonly string[]).includes(value ?? '');
}

export function isPhoneNumberKind(kind: CustomerNumberKind): boolean {
  return kind === 'phone' || kind === 'walletPhone';
}

/** Brand names of the operators and e-wallets, the same in every language. */
const providerNames: Readonly<Record<string, string>> = {
  telkomsel: 'Telkomsel',
  indosat: 'Indosat',
  xl: 'XL',
  axis: 'Axis',
  tri: 'Tri',
  smartfren: 'Smartfren',
  gopay: 'GoPay',
  ovo: 'OVO',
  dana: 'DANA',
  shopeepay: 'ShopeePay',
  linkaja: 'LinkAja',
};

export function providerName(provider: string): string {
  return providerNames[provider] ?? provider;
}

/** The providers of a list of products, in the catalog's order. */
export function providersOf(products: readonly BillProduct[]): string[] {
  return [...new Set(products.flatMap((product) => (product.provider ? [product.provider] : [])))];
}

/** What the member types: digits, and for a phone its + and the spaces and dashes people write it with. */
export function typedCustomerNumber(kind: CustomerNumberKind, input: string): string {
  return isPhoneNumberKind(kind) ? input.replace(/[^\d+\s-]/g, '') : input.replace(/\D/g, '');
}

export type CustomerNumberProblem = 'required' | 'invalidPhone' | 'wrongOperator' | 'invalidNumber';

/**
 * Why a customer number cannot be checked for a product, before anything is sent (business-rules
 * §5): a phone that is no Indonesian mobile number, or one of another operator than the product's;
 * any other number too short or too long to be one. The biller judges the rest ("bill not found").
 */
export function customerNumberProblem(category: BillCategory, product: BillProduct | undefined, input: string): CustomerNumberProblem | null {
  const typed = input.trim();
  if (typed === '') return 'required';
  const kind = billKinds[category];
  if (isPhoneNumberKind(kind.number)) {
    if (!nationalMobileNumber(typed)) return 'invalidPhone';
    if (kind.detectsOperator && product?.provider && mobileOperatorOf(typed) !== product.provider) return 'wrongOperator';
    return null;
  }
  return billCheckBodySchema.shape.customerNo.safeParse(typed).success ? null : 'invalidNumber';
}

/** A biller's period ('202603, 202604', one month a bill) in the member's words: 'Mar 2026, Apr 2026'; anything else as it is. */
export function formatPeriod(period: string, locale: string): string {
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return period
    .split(/,\s*/)
    .map((part) => {
      const match = /^(\d{4})(\d{2})$/.exec(part.trim());
      const [year, index] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
      return index >= 1 && index <= 12 ? month.format(new Date(Date.UTC(year, index - 1, 1))) : part;
    })
    .join(', ');
}
