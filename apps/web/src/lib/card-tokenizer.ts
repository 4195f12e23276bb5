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
  /** Where the provider tokenises cards for browsers (the payment check's answer). */
  tokenizationUrl?: string | null;
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
 * Midtrans's Core API gives a one-time card token to the browser for the merchant's client key
 * (GET /v2/token): the number and CVV go from the member's browser to Midtrans and nowhere else.
 */
async function tokenizeAtMidtrans(card: CardToTokenize, { publicKey, tokenizationUrl }: { publicKey: string; tokenizationUrl: string }): Promise<CardToken> {
  const digits = paymentCardDigits(card.number);
  const query = new URLSearchParams({
    client_key: publicKey,
    card_number: digits,
    card_exp_month: String(card.expiryMonth).padStart(2, '0'),
    card_exp_year: String(card.expiryYear),
    card_cvv: card.cvv,
  });
  let answer: { status_code?: string; token_id?: string };
  try {
    const response = await fetch(`${tokenizationUrl.replace(/\/+$/, '')}/v2/token?${query.toString()}`, { headers: { accept: 'application/json' }, credentials: 'omit' });
    answer = (await response.json()) as typeof answer;
  } catch {
    throw new CardTokenizationError('midtrans', 'Midtrans could not be reached to tokenise the card');
  }
  if (answer.status_code !== '200' || typeof answer.token_id !== 'string') throw new CardTokenizationError('midtrans', 'Midtrans refused the card');
  return { token: answer.token_id, brand: paymentCardBrandOf(digits), last4: digits.slice(-4) };
}

/** The card holder's name as Xendit takes it: the first word, and the rest when there is more than one. */
function xenditCardHolder(nameOnCard: string): { card_holder_first_name?: string; card_holder_last_name?: string } {
  const [first, ...rest] = nameOnCard.trim().split(/\s+/).filter((word) => word !== '');
  if (first === undefined) return {};
  return { card_holder_first_name: first, ...(rest.length > 0 && { card_holder_last_name: rest.join(' ') }) };
}

/**
 * Xendit tokenises a card for the browser with the merchant's public key (POST /v2/credit_card_tokens,
 * the call Xendit's own browser script makes): a multiple-use token, so renewals can charge the card
 * again, and no 3-D Secure step, so only a token Xendit answers VERIFIED can be charged.
 */
async function tokenizeAtXendit(card: CardToTokenize, { publicKey, tokenizationUrl }: { publicKey: string; tokenizationUrl: string }): Promise<CardToken> {
  const digits = paymentCardDigits(card.number);
  const body = {
    card_data: {
      account_number: digits,
      exp_month: String(card.expiryMonth).padStart(2, '0'),
      exp_year: String(card.expiryYear),
      cvn: card.cvv,
      ...xenditCardHolder(card.nameOnCard),
    },
    card_cvn: card.cvv,
    // What Xendit's own script sends for `is_multiple_use: true`: this endpoint takes the opposite flag.
    is_single_use: false,
    should_authenticate: false,
  };
  let answer: { id?: string; status?: string } | null;
  try {
    const response = await fetch(`${tokenizationUrl.replace(/\/+$/, '')}/v2/credit_card_tokens`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Basic ${btoa(`${publicKey}:`)}` },
      body: JSON.stringify(body),
      credentials: 'omit',
    });
    answer = (await response.json()) as typeof answer;
  } catch {
    throw new CardTokenizationError('xendit', 'Xendit could not be reached to tokenise the card');
  }
  // FAILED, or IN_REVIEW (the bank wants 3-D Secure, which is not taken here), is a card we cannot charge.
  if (answer?.status !== 'VERIFIED' || typeof answer.id !== 'string') throw new CardTokenizationError('xendit', 'Xendit refused the card');
  return { token: answer.id, brand: paymentCardBrandOf(digits), last4: digits.slice(-4) };
}

/** Tokenises a card at the merchant's provider; throws CardTokenizationError when it cannot. */
export async function tokenizeCard({ provider, publicKey, tokenizationUrl, card }: TokenizeCardOptions): Promise<CardToken> {
  if (publicKey.trim() === '') throw new CardTokenizationError(provider, 'No public key to tokenise the card with');
  if (provider === 'sandbox') return tokenizeAtSandbox(card);
  if (provider === 'midtrans' && tokenizationUrl) return tokenizeAtMidtrans(card, { publicKey, tokenizationUrl });
  if (provider === 'xendit' && tokenizationUrl) return tokenizeAtXendit(card, { publicKey, tokenizationUrl });
  throw new CardTokenizationError(provider);
}
