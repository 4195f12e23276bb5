/*
 * Code 128 (ISO/IEC 15417), code set B: every printable ASCII character, the set a till's scanner
 * reads from a voucher's code. Each symbol is three bars and three spaces over 11 modules; the
 * stop symbol has a fourth bar and takes 13.
 */

/** The bar and space widths of symbol values 0 to 106 (103–105 start A, B, C; 106 stop). */
const patterns = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

export const code128Patterns: readonly string[] = patterns;

const START_B = 104;
const STOP = 106;

/** Whether code set B can carry the text: 1 to 80 printable ASCII characters. */
export function canEncodeCode128(text: string): boolean {
  return text.length > 0 && text.length <= 80 && /^[\x20-\x7e]+$/.test(text);
}

/** The symbol values of the text in code set B: start, one per character, the check symbol, stop. */
export function code128Values(text: string): number[] {
  if (!canEncodeCode128(text)) throw new RangeError('Code 128 set B takes 1 to 80 printable ASCII characters');
  const data = [...text].map((character) => character.charCodeAt(0) - 32);
  // The check symbol: the start value plus each value times its position, modulo 103.
  const check = data.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103;
  return [START_B, ...data, check, STOP];
}

/** The widths of bars and spaces, alternating and starting with a bar, in modules. */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((value) => [...patterns[value]!].map(Number));
}
