import type { Currency } from '@kartu/contracts';

/** The merchant's currency when the payment is in it; otherwise the payment's code stands for its symbol. */
export function paymentCurrency(code: string, merchantCurrency: Currency): Currency {
  return code === merchantCurrency.code ? merchantCurrency : { ...merchantCurrency, code, symbol: code };
}
