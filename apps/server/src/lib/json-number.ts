/** JSON amounts are plain numbers: a ledger value past 2^53 would lose digits, so it fails loudly instead. */
export function toJsonNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error('A ledger amount is too large for a JSON number');
  return number;
}
