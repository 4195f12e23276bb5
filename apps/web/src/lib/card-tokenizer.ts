import type { PaymentProviderName } from '@kartu/contracts';
import { paymentCardBrandOf, paymentCardDigits, type PaymentCardBrand } from '@kartu/core/payment-card';

/*
 * A card is tokenised in the member's browser, at the provider, with the merchant's public key: the
 * number and the CVV never reach our server, only the token and what the app may show of the card.
 */

/**
 * The sandbox's card that is always declined. Any other number that passes the form's checks is
 * accepted, e.g. 4111 1111 1111 1111 (Visa) or 5555 5555 5555 4444 (Mastercard).
 */
export const SANDBOX_DECLINED_CARD = '4000000000000002';

export interface CardToTokenize {
  number: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
  nameOnCard: string;
}

export interface TokenizeCardOptions {
  provider: PaymentProviderName;
  publicKey: string;
  card: CardToTokenize;
}

export interface CardToken {
  token: string;
  brand: PaymentCardBrand;
  last4: string;
}

/** The provider's key or script could not tokenise the card: the form says 'payment key failure'. */
export class CardTokenizationError extends Error {
  readonly provider: PaymentProviderName;

  constructor(provider: PaymentProviderName, message = `Cards cannot be tokenised with ${provider} here`) {
    super(message);
    this.name = 'CardTokenizationError';
    this.provider = provider;
  }
}

/** The sandbox works out its token here, with no network call: `sandbox_card_<ok|decline>_<brand>_<last4>`. */
function tokenizeAtSandbox(card: CardToTokenize): CardToken {
  const digits = paymentCardDigits(card.number);
  const brand = paymentCardBrandOf(digits);
  const last4 = digits.slice(-4);
  const outcome = digits === SANDBOX_DECLINED_CARD ? 'decline' : 'ok';
  return { token: `sandbox_card_${outcome}_${brand}_${last4}`, brand, last4 };
}

/**
 * Where a real provider's browser tokenisation goes: each needs its own script loaded with the
 * merchant's public key (Xendit.js, Midtrans' 3DS script). Until an adapter is written it refuses.
 */
function tokenizeAtProviderScript(provider: Exclude<PaymentProviderName, 'sandbox'>): Promise<CardToken> {
  return Promise.reject(new CardTokenizationError(provider));
}

/** Tokenises a card at the merchant's provider; throws CardTokenizationError when it cannot. */
export async function tokenizeCard({ provider, publicKey, card }: TokenizeCardOptions): Promise<CardToken> {
  if (publicKey.trim() === '') throw new CardTokenizationError(provider, 'No public key to tokenise the card with');
  if (provider === 'sandbox') return tokenizeAtSandbox(card);
  return tokenizeAtProviderScript(provider);
}
