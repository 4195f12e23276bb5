import { DEFAULT_CURRENCY, type CurrencyFormat } from './constants.ts';

// Countdowns live on their own: the sign-in pages show one without the other formatters.
export { formatCountdown } from './countdown.ts';

/* spec: app-core §9. Money is always a whole number of minor units. */

export interface Separators {
  thousandSeparator?: string;
  decimalSeparator?: string;
}

export interface NumberFormatOptions extends Separators {
  decimals?: number;
}

export type BalanceUnit = 'POINT' | 'STAMP';

// Distances and weights read as in the product's texts ('1.2 km', '1.25 kg'), whatever the currency.
const MEASURE_SEPARATORS = { thousandSeparator: ',', decimalSeparator: '.' } as const;

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, separator);
}

function joinNumber(sign: string, whole: string, fraction: string, options: Required<Separators>): string {
  const grouped = groupThousands(whole, options.thousandSeparator);
  return `${sign}${grouped}${fraction === '' ? '' : options.decimalSeparator + fraction}`;
}

/** Money as a bigint, refusing fractions of a minor unit rather than rounding them away. */
function toMinorUnits(amount: number | bigint): bigint {
  if (typeof amount === 'bigint') return amount;
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`A money amount must be a whole number of minor units, got ${amount}`);
  }
  return BigInt(amount);
}

/** One space after the symbol, as letter symbols ('Rp', 'RM') would run into the digits; a negative reads '-Rp 12.500'. */
export function formatCurrency(amountMinor: number | bigint, currency: CurrencyFormat = DEFAULT_CURRENCY): string {
  const minor = toMinorUnits(amountMinor);
  const abs = minor < 0n ? -minor : minor;
  const decimals = currency.decimalDigits;
  const digits = abs.toString().padStart(decimals + 1, '0');
  const split = digits.length - decimals;
  const number = joinNumber('', digits.slice(0, split), digits.slice(split), currency);
  const symbol = currency.symbol === '' ? '' : `${currency.symbol} `;
  return `${minor < 0n ? '-' : ''}${symbol}${number}`;
}

/** The default currency's separators unless given. Rounds with `toFixed`; never shows '-0'. */
export function formatNumber(n: number | bigint, options: NumberFormatOptions = {}): string {
  const {
    decimals = 0,
    thousandSeparator = DEFAULT_CURRENCY.thousandSeparator,
    decimalSeparator = DEFAULT_CURRENCY.decimalSeparator,
  } = options;
  const separators = { thousandSeparator, decimalSeparator };
  if (typeof n === 'bigint') {
    const sign = n < 0n ? '-' : '';
    return joinNumber(sign, (n < 0n ? -n : n).toString(), '0'.repeat(decimals), separators);
  }
  if (!Number.isFinite(n)) throw new RangeError(`Cannot format ${n} as a number`);
  // toFixed switches to exponent notation from 1e21; such values are whole, so bigint is exact.
  if (Math.abs(n) >= 1e21) return formatNumber(BigInt(n), options);

  const [whole = '0', fraction = ''] = Math.abs(n).toFixed(decimals).split('.');
  const sign = n < 0 && /[1-9]/.test(whole + fraction) ? '-' : '';
  return joinNumber(sign, whole, fraction, separators);
}

function formatTrimmed(n: number, maxDecimals: number, separators: Separators): string {
  const fraction = n.toFixed(maxDecimals).split('.')[1] ?? '';
  const decimals = fraction.replace(/0+$/, '').length;
  return formatNumber(n, { decimals, ...separators });
}

/** spec: m or km, switching at 1000, 1 decimal. The switch is after rounding, so 999.96 m reads '1.0 km', not '1000 m'. */
export function formatDistance(meters: number, separators: Separators = MEASURE_SEPARATORS): string {
  const m = Math.max(0, meters);
  if (Number(m.toFixed(1)) < 1000) return `${formatTrimmed(m, 1, separators)} m`;
  return `${formatNumber(m / 1000, { decimals: 1, ...separators })} km`;
}

/** spec: gr or kg, switching at 1000, 2 decimals ('500 gr', '0.5 gr' for small gold bars, '1.00 kg'). */
export function formatWeight(grams: number, separators: Separators = MEASURE_SEPARATORS): string {
  const g = Math.max(0, grams);
  if (Number(g.toFixed(2)) < 1000) return `${formatTrimmed(g, 2, separators)} gr`;
  return `${formatNumber(g / 1000, { decimals: 2, ...separators })} kg`;
}

/** 999 → '999', 1500 → '1K+', 12000 → '12K+', 2500000 → '2M+'. Rounds down, as '+' promises more. */
export function formatShortNumber(n: number | bigint): string {
  if (typeof n === 'number' && !Number.isInteger(n) && Math.abs(n) < 1000) return String(n);
  const value = typeof n === 'bigint' ? n : BigInt(Math.trunc(n));
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  if (abs >= 1_000_000n) return `${sign}${abs / 1_000_000n}M+`;
  if (abs >= 1000n) return `${sign}${abs / 1000n}K+`;
  return `${sign}${abs}`;
}

export function formatBalance(
  amount: number | bigint,
  unit: BalanceUnit,
  thousandSeparator: string = DEFAULT_CURRENCY.thousandSeparator,
): string {
  const number = formatNumber(amount, { decimals: 0, thousandSeparator });
  if (unit === 'POINT') return `${number} Pts`;
  return `${number} ${number === '1' ? 'Stamp' : 'Stamps'}`;
}

/** A partly typed number is grouped as far as it goes. */
export function formatCardNumber(cardNumber: string): string {
  return cardNumber.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
