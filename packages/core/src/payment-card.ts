import { isFilled, isInternationalName } from './validation.ts';

/* Checked before the browser tokenises the card. Codes, not sentences: the form words them in the member's language. */

export const paymentCardBrands = ['visa', 'mastercard', 'amex', 'jcb', 'unknown'] as const;
export type PaymentCardBrand = (typeof paymentCardBrands)[number];

/** ISO/IEC 7812. */
export const PAYMENT_CARD_MAX_DIGITS = 19;
export const NAME_ON_CARD_MAX_LENGTH = 100;
/** Cards are not issued for longer than this, so a later year is a typing mistake. */
const EXPIRY_MAX_YEARS_AHEAD = 20;

const lengthsByBrand: Record<PaymentCardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  jcb: [16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

export function paymentCardDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function paymentCardBrandOf(value: string): PaymentCardBrand {
  const digits = paymentCardDigits(value);
  const prefix2 = Number(digits.slice(0, 2));
  const prefix4 = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if (prefix2 === 34 || prefix2 === 37) return 'amex';
  if ((prefix2 >= 51 && prefix2 <= 55) || (digits.length >= 4 && prefix4 >= 2221 && prefix4 <= 2720)) return 'mastercard';
  if (digits.length >= 4 && prefix4 >= 3528 && prefix4 <= 3589) return 'jcb';
  return 'unknown';
}

export function passesLuhn(value: string): boolean {
  const digits = paymentCardDigits(value);
  if (digits.length === 0) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** spec: business-rules §5 'CVV 3 digits, 4 for AMEX'. */
export function cvvLengthOf(brand: PaymentCardBrand): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

/** So the field stops there. */
export function maxDigitsOf(brand: PaymentCardBrand): number {
  return Math.max(...lengthsByBrand[brand]);
}

/** As printed on the card. */
export function formatPaymentCardNumber(value: string): string {
  const digits = paymentCardDigits(value).slice(0, PAYMENT_CARD_MAX_DIGITS);
  const groups = paymentCardBrandOf(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const [, month = '', year = ''] = match;
  return { month: Number(month), year: year.length === 2 ? 2000 + Number(year) : Number(year) };
}

export function formatCardExpiry(value: string): string {
  const digits = paymentCardDigits(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export type CardNumberProblem = 'numberRequired' | 'cardInvalid';
export type NameOnCardProblem = 'nameRequired' | 'nameInvalid';
export type CardExpiryProblem = 'expiryRequired' | 'expiryInvalid' | 'expiryPast';
export type CardCvvProblem = 'cvvRequired' | 'cvvInvalid';

/** `cardInvalid` reads 'Invalid Credit Card information'. */
export function cardNumberProblem(value: string): CardNumberProblem | null {
  const digits = paymentCardDigits(value);
  if (digits.length === 0) return 'numberRequired';
  if (!lengthsByBrand[paymentCardBrandOf(digits)].includes(digits.length) || !passesLuhn(digits)) return 'cardInvalid';
  return null;
}

export function nameOnCardProblem(value: string): NameOnCardProblem | null {
  if (!isFilled(value)) return 'nameRequired';
  if (value.trim().length > NAME_ON_CARD_MAX_LENGTH || !isInternationalName(value)) return 'nameInvalid';
  return null;
}

/** Good to the end of its expiry month, compared in UTC so the device's zone is moot; edge days are the provider's to refuse. */
export function cardExpiryProblem(expiry: { month: number; year: number } | null, now: Date): CardExpiryProblem | null {
  if (expiry === null) return 'expiryInvalid';
  const { month, year } = expiry;
  if (!Number.isInteger(month) || month < 1 || month > 12) return 'expiryInvalid';
  const thisYear = now.getUTCFullYear();
  if (year > thisYear + EXPIRY_MAX_YEARS_AHEAD) return 'expiryInvalid';
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1)) return 'expiryPast';
  return null;
}

export function cardCvvProblem(value: string, brand: PaymentCardBrand): CardCvvProblem | null {
  if (value.trim() === '') return 'cvvRequired';
  return new RegExp(`^\\d{${cvvLengthOf(brand)}}$`).test(value.trim()) ? null : 'cvvInvalid';
}

export interface PaymentCardInput {
  number: string;
  nameOnCard: string;
  /** As typed: 'MM/YY'. */
  expiry: string;
  cvv: string;
}

export type PaymentCardProblems = {
  number?: CardNumberProblem;
  nameOnCard?: NameOnCardProblem;
  expiry?: CardExpiryProblem;
  cvv?: CardCvvProblem;
};

export function paymentCardProblems(card: PaymentCardInput, now: Date): PaymentCardProblems {
  const brand = paymentCardBrandOf(card.number);
  const problems: PaymentCardProblems = {};
  const number = cardNumberProblem(card.number);
  const nameOnCard = nameOnCardProblem(card.nameOnCard);
  const expiry = card.expiry.trim() === '' ? 'expiryRequired' : cardExpiryProblem(parseCardExpiry(card.expiry), now);
  const cvv = cardCvvProblem(card.cvv, brand);
  if (number) problems.number = number;
  if (nameOnCard) problems.nameOnCard = nameOnCard;
  if (expiry) problems.expiry = expiry;
  if (cvv) problems.cvv = cvv;
  return problems;
}
