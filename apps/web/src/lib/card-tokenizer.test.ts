import { afterEach, describe, it, expect, vi } from 'vitest';
import { CardTokenizationError, SANDBOX_DECLINED_CARD, tokenizeCard } from './card-tokenizer.ts';

const card = { number: '4111 1111 1111 1111', cvv: '123', expiryMonth: 12, expiryYear: 2030, nameOnCard: 'Rani' };

afterEach(() => vi.unstubAllGlobals());

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

  it("asks Midtrans's Core API for a one-time token with the client key, straight from the browser", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ status_code: '200', token_id: '481111-1114-token' }));
    vi.stubGlobal('fetch', fetchMock);
    const token = await tokenizeCard({ provider: 'midtrans', publicKey: 'SB-Mid-client-abc', tokenizationUrl: 'https://api.sandbox.midtrans.com', card });
    expect(token).toEqual({ token: '481111-1114-token', brand: 'visa', last4: '1111' });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(`${url.origin}${url.pathname}`).toBe('https://api.sandbox.midtrans.com/v2/token');
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_key: 'SB-Mid-client-abc', card_number: '4111111111111111', card_exp_month: '12', card_exp_year: '2030', card_cvv: '123' });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'omit' });
  });

  it('turns a card Midtrans refuses, or Midtrans out of reach, into a tokenisation error', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => Response.json({ status_code: '400', validation_messages: ['card_number is invalid'] })));
    await expect(tokenizeCard({ provider: 'midtrans', publicKey: 'SB-Mid-client-abc', tokenizationUrl: 'https://api.sandbox.midtrans.com', card })).rejects.toBeInstanceOf(CardTokenizationError);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(tokenizeCard({ provider: 'midtrans', publicKey: 'SB-Mid-client-abc', tokenizationUrl: 'https://api.sandbox.midtrans.com', card })).rejects.toBeInstanceOf(CardTokenizationError);
  });
});
