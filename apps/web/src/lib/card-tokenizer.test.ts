import { describe, it, expect } from 'vitest';
import { CardTokenizationError, SANDBOX_DECLINED_CARD, tokenizeCard } from './card-tokenizer.ts';

const card = { number: '4111 1111 1111 1111', cvv: '123', expiryMonth: 12, expiryYear: 2030, nameOnCard: 'Rani' };

describe('tokenizeCard', () => {
  it('makes a sandbox token in the browser from the brand and last four digits', async () => {
    await expect(tokenizeCard({ provider: 'sandbox', publicKey: 'sandbox_public_key', card })).resolves.toEqual({
      token: 'sandbox_card_ok_visa_1111',
      brand: 'visa',
      last4: '1111',
    });
  });

  it('marks the sandbox test card as one to decline', async () => {
    const declined = await tokenizeCard({ provider: 'sandbox', publicKey: 'sandbox_public_key', card: { ...card, number: SANDBOX_DECLINED_CARD } });
    expect(declined.token).toBe('sandbox_card_decline_visa_0002');
  });

  it('refuses providers whose browser script is not wired in, and a missing key', async () => {
    await expect(tokenizeCard({ provider: 'xendit', publicKey: 'xnd_public', card })).rejects.toBeInstanceOf(CardTokenizationError);
    await expect(tokenizeCard({ provider: 'sandbox', publicKey: ' ', card })).rejects.toBeInstanceOf(CardTokenizationError);
  });
});
