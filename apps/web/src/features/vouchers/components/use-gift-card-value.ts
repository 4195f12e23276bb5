import type { Currency, Voucher } from '@kartu/contracts';
import { formatAmount } from '../../../components/ui/amount.tsx';
import { useSite } from '../../../lib/site.tsx';

/**
 * The currency of an e-gift voucher's card: the merchant's, or another the program names, written
 * by its code with its own decimals, as the server writes the gift card's own (`currencyOf`).
 */
export function giftCardCurrency(currencyCode: string, merchantCurrency: Currency): Currency {
  if (!currencyCode || currencyCode === merchantCurrency.code) return merchantCurrency;
  let decimalDigits = merchantCurrency.decimalDigits;
  try {
    decimalDigits = new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions().maximumFractionDigits ?? decimalDigits;
  } catch {
    // A code the browser does not know keeps the merchant's decimals.
  }
  return { ...merchantCurrency, code: currencyCode, symbol: currencyCode, decimalDigits };
}

/** What an e-gift voucher loads onto its gift card, as money: 'Rp 100.000'; null for any other voucher. */
export function useGiftCardValue(giftCard: Voucher['giftCard'] | undefined): string | null {
  const { merchant } = useSite();
  if (!giftCard) return null;
  return formatAmount(giftCard.value, 'CASH', giftCardCurrency(giftCard.currencyCode, merchant.currency));
}
