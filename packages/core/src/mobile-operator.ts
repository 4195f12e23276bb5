/*
 * Indonesian mobile numbers name their operator by their first four digits (the national prefix
 * after 0), as the operators publish them. business-rules §5: a phone number must belong to the
 * selected provider.
 */
const prefixes = {
  telkomsel: ['0811', '0812', '0813', '0821', '0822', '0823', '0851', '0852', '0853'],
  indosat: ['0814', '0815', '0816', '0855', '0856', '0857', '0858'],
  xl: ['0817', '0818', '0819', '0859', '0877', '0878'],
  axis: ['0831', '0832', '0833', '0838'],
  tri: ['0895', '0896', '0897', '0898', '0899'],
  smartfren: ['0881', '0882', '0883', '0884', '0885', '0886', '0887', '0888', '0889'],
} as const satisfies Record<string, readonly string[]>;

/** The operators, as the contracts' mobileOperators name them. */
export type MobileOperatorName = keyof typeof prefixes;

/** '+62 812-3456-7890', '62812…' or '0812…' → '0812…'; anything that is no Indonesian mobile number → null. */
export function nationalMobileNumber(input: string): string | null {
  const digits = input.replace(/[\s().-]/g, '');
  const national = digits.startsWith('+62') ? `0${digits.slice(3)}` : digits.startsWith('62') ? `0${digits.slice(2)}` : digits;
  return /^08\d{8,11}$/.test(national) ? national : null;
}

/** The operator of an Indonesian mobile number, or null when its prefix is none of theirs. */
export function mobileOperatorOf(input: string): MobileOperatorName | null {
  const national = nationalMobileNumber(input);
  if (!national) return null;
  const prefix = national.slice(0, 4);
  for (const [operator, list] of Object.entries(prefixes) as Array<[MobileOperatorName, readonly string[]]>) if (list.includes(prefix)) return operator;
  return null;
}
