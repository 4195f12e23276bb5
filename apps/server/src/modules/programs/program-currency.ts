import type { Currency } from '@kartu/contracts';
import type { ProgramRow } from './programs.table.ts';

/** The currency amounts are shown in: the merchant's, or a cash program's own (spec: app-core §3 Currency). */
export function currencyOf(program: Pick<ProgramRow, 'currencyCode'>, merchantCurrency: Currency): Currency {
  const code = program.currencyCode;
  if (!code || code === merchantCurrency.code) return merchantCurrency;
  const decimalDigits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  return { ...merchantCurrency, code, symbol: code, decimalDigits };
}
