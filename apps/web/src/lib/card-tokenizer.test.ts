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

  it('refuses a provider with nowhere to tokenise, and a missing key', async () => {
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

  it("asks Xendit for a multiple-use token with the public key, straight from the browser", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ id: '66f0a1b2c3d4e5f6a7b8c9d0', status: 'VERIFIED', masked_card_number: '411111XXXXXX1111' }));
    vi.stubGlobal('fetch', fetchMock);
    const token = await tokenizeCard({ provider: 'xendit', publicKey: 'xnd_public_development_abc', tokenizationUrl: 'https://api.xendit.co/', card: { ...card, expiryMonth: 3, nameOnCard: 'Rani Putri Lestari' } });
    expect(token).toEqual({ token: '66f0a1b2c3d4e5f6a7b8c9d0', brand: 'visa', last4: '1111' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://api.xendit.co/v2/credit_card_tokens');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
    // Basic auth of the public key and an empty password: never the secret key.
    expect(new Headers(init?.headers).get('authorization')).toBe(`Basic ${btoa('xnd_public_development_abc:')}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      card_data: { account_number: '4111111111111111', exp_month: '03', exp_year: '2030', cvn: '123', card_holder_first_name: 'Rani', card_holder_last_name: 'Putri Lestari' },
      card_cvn: '123',
      is_single_use: false,
      should_authenticate: false,
    });
  });

  it.each([
    ['a FAILED token', async () => Response.json({ id: 'token-1', status: 'FAILED', failure_reason: 'CARD_DECLINED' })],
    ['a token waiting for 3-D Secure', async () => Response.json({ id: 'token-2', status: 'IN_REVIEW', authentication_id: 'auth-2' })],
    ['an error answer', async () => Response.json({ error_code: 'INVALID_API_KEY', message: 'API key is not authorized for this API service' }, { status: 401 })],
    ['an answer that is not JSON', async () => new Response('<html>Bad gateway</html>', { status: 502 })],
    ['a JSON null', async () => Response.json(null)],
    ['Xendit out of reach', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ] as const)('turns %s into a Xendit tokenisation error', async (_what, answer) => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(answer));
    const refused = tokenizeCard({ provider: 'xendit', publicKey: 'xnd_public_development_abc', tokenizationUrl: 'https://api.xendit.co', card });
    await expect(refused).rejects.toBeInstanceOf(CardTokenizationError);
    await expect(refused).rejects.toMatchObject({ provider: 'xendit' });
  });
});
