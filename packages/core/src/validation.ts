import { CARD_NUMBER_LENGTH, MIN_QUANTITY } from './constants.ts';

// spec: app-core §5 — word characters with dots or hyphens, an @, a domain, a 2–3 letter ending.
const EMAIL = /^\w[\w.-]*@[A-Za-z\d-]+(?:\.[A-Za-z\d-]+)*\.[A-Za-z]{2,3}$/;
const DIGITS = /^\d+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// \p{M} keeps scripts whose letters carry combining marks (Thai, Burmese, Devanagari) usable.
const LETTERS = /^[\p{L}\p{M} ]+$/u;
// Typographic apostrophes too, as phone keyboards insert them; at least one letter, so a name is not punctuation alone.
const INTERNATIONAL_NAME = /^(?=.*\p{L})[\p{L}\p{M} '’.-]+$/u;
/** Keys such as Backspace, Enter or ArrowLeft, which editing needs and no filter should block. */
const NAMED_KEY = /^[A-Z][A-Za-z\d]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function isFilled(value: string | null | undefined): boolean {
  return (value ?? '').trim() !== '';
}

/** Empty text is not numeric: whether it is required is `isFilled`'s question. */
export function isNumericText(value: string): boolean {
  return DIGITS.test(value);
}

/**
 * A day that exists, written YYYY-MM-DD (31 February does not), from 1900 on: no date a member
 * types, a birthday included, is older. spec: business-rules §5 birthday must be a valid date
 */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** spec: business-rules §5 name must be letters only (of any script). */
export function isLettersText(value: string): boolean {
  return LETTERS.test(value);
}

/** spec: app-core §5 internationalNames — no digits or special characters. */
export function isInternationalName(value: string): boolean {
  return INTERNATIONAL_NAME.test(value.trim());
}

// Keypress filters (spec: app-core §5): true when the key may go into the field.
export function filterNumericKey(key: string): boolean {
  return NAMED_KEY.test(key) || /^\d$/.test(key);
}

export function filterPhoneKey(key: string): boolean {
  return NAMED_KEY.test(key) || /^[\d+=]$/.test(key);
}

export function filterLetterKey(key: string): boolean {
  return NAMED_KEY.test(key) || /^[\p{L}\p{M} ]$/u.test(key);
}

export interface QuantityLimit {
  max: number;
  /** The platform's own items are not capped by the per-order maximum. */
  ownerIsTada?: boolean;
}

/** Non-numeric or empty becomes 1. spec: app-core §5 Quantity */
export function clampQuantity(value: string | number | null | undefined, { max, ownerIsTada = false }: QuantityLimit): number {
  const typed = parseQuantity(value);
  const capped = ownerIsTada ? typed : Math.min(typed, Math.floor(max));
  // A maximum below 1 disables the field (isQuantityDisabled); the value still never drops below 1.
  return Math.max(MIN_QUANTITY, capped);
}

/** spec: app-core §5 Quantity */
export function isQuantityDisabled({ max, ownerIsTada = false }: QuantityLimit): boolean {
  return !ownerIsTada && max < MIN_QUANTITY;
}

function parseQuantity(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : MIN_QUANTITY;
  const text = (value ?? '').trim();
  return DIGITS.test(text) ? Math.min(Number(text), Number.MAX_SAFE_INTEGER) : MIN_QUANTITY;
}

/** Ignores the spaces of the grouped display form. spec: business-rules §5 */
export function cardNumberDigits(value: string): string | null {
  const digits = value.replace(/\s/g, '');
  return digits.length === CARD_NUMBER_LENGTH && DIGITS.test(digits) ? digits : null;
}

/** spec: business-rules §5 */
export function isValidCardNumber(value: string): boolean {
  return cardNumberDigits(value) !== null;
}
