import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY_CODE, DEFAULT_DIAL_CODE } from './constants.ts';

/** The English text below is what the server answers with. */
export const PHONE_ERROR_MESSAGE_KEY = 'validation.phoneInvalid';
export const PHONE_ERROR_MESSAGE = 'Invalid phone number, please try again';

export interface PhoneCheckOptions {
  dialCode?: string;
  region?: string;
  /** A merchant's own rule for its country, tested against the national digits (no leading 0). */
  pattern?: RegExp;
}

function stripSeparators(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** '+6281…', '6281…', '81…' → '081…'; another country's '+code' stays as typed. spec: app-core §5 Phone normalising */
export function normalizePhone(input: string, dialCode: string = DEFAULT_DIAL_CODE): string {
  const phone = stripSeparators(input);
  if (phone === '') return '';
  if (phone.startsWith(`+${dialCode}`)) return `0${phone.slice(dialCode.length + 1)}`;
  if (phone.startsWith(dialCode)) return `0${phone.slice(dialCode.length)}`;
  if (phone.startsWith('+') || phone.startsWith('0')) return phone;
  return `0${phone}`;
}

/** spec: app-core §5 Phone normalising */
export function toInternational(input: string, dialCode: string = DEFAULT_DIAL_CODE): string {
  const phone = normalizePhone(input, dialCode);
  return phone.startsWith('0') ? `+${dialCode}${phone.slice(1)}` : phone;
}

function nationalDigits(phone: string, dialCode: string): string {
  return phone.startsWith(`+${dialCode}`) ? phone.slice(dialCode.length + 1) : phone.replace(/^0/, '');
}

/** Indonesia is strict (possible AND valid); elsewhere the metadata is looser (possible OR valid). spec: app-core §5 Phone check */
export function isValidPhone(input: string, options: PhoneCheckOptions = {}): boolean {
  const { dialCode = DEFAULT_DIAL_CODE, region = DEFAULT_COUNTRY_CODE, pattern } = options;
  const national = nationalDigits(stripSeparators(input), dialCode);
  if (!/^\d+$/.test(national)) return false;

  const phone = parsePhoneNumberFromString(`+${dialCode}${national}`);
  if (!phone) return false;
  const strict = region.toUpperCase() === 'ID';
  const accepted = strict ? phone.isPossible() && phone.isValid() : phone.isPossible() || phone.isValid();
  // search() ignores a global flag's lastIndex, so a shared /g pattern gives the same answer every call.
  return accepted && (pattern === undefined || national.search(pattern) !== -1);
}

/** `dialCode` without '+'. */
export interface PhoneRegion {
  code: string;
  dialCode: string;
}

/** The merchant's country when the phone metadata knows it, else Indonesia (spec: app-core §9). */
export function phoneRegionOf(countryCode: string): PhoneRegion {
  const code = countryCode.toUpperCase();
  if (!(getCountries() as string[]).includes(code)) return { code: DEFAULT_COUNTRY_CODE, dialCode: DEFAULT_DIAL_CODE };
  return { code, dialCode: getCountryCallingCode(code as CountryCode) };
}

/** '+6281…' → '62': the dialing code of a stored (E.164) number, null when the metadata knows none. */
export function dialCodeOf(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.countryCallingCode ?? null;
}
