import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { api, ApiError, describeApiError, getPendingCount, onPendingChange, onUnauthorized, setBearerToken, setMerchantContext, setRequestLanguage } from './api-client.ts';
import { setPosition } from './position.ts';
import { getSession, setSession } from './session.ts';
import { sessionUser } from '../test/session.test-support.ts';

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setPosition(null);
  setBearerToken(null);
});

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('api client requests', () => {
  it('calls the same origin with the merchant, position, time zone and bearer headers', async () => {
    setMerchantContext({ maskedMerchantId: 'm-42', timezone: 'Asia/Tokyo' });
    setPosition({ latitude: -6.2, longitude: 106.8 });
    setBearerToken('app-token');
    fetchMock.mockResolvedValue(answer(200, { data: [] }));

    await api.get('/api/v2/cards', { query: { page: 2, empty: undefined } });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/v2/cards?page=2');
    expect(init?.credentials).toBe('same-origin');
    expect(headers.get('x-merchant-id')).toBe('m-42');
    expect(headers.get('x-latitude')).toBe('-6.2');
    expect(headers.get('x-longitude')).toBe('106.8');
    expect(headers.get('x-timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers.get('authorization')).toBe('Bearer app-token');
  });

  it('leaves position headers out when the position is unknown', async () => {
    fetchMock.mockResolvedValue(answer(200, {}));
    await api.get('/api/site');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('x-latitude')).toBe(false);
    expect(headers.has('authorization')).toBe(false);
  });

  it('adds the caller’s headers to one call without letting them replace the app’s own', async () => {
    setMerchantContext({ maskedMerchantId: 'm-42', timezone: null });
    fetchMock.mockImplementation(async () => answer(200, {}));
    await api.post('/api/v2/cards/c1/transfer', {
      body: { amount: 5 },
      headers: { 'Idempotency-Key': 'key-1', 'x-merchant-id': 'someone-else' },
    });
    await api.get('/api/site');

    const first = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(first.get('idempotency-key')).toBe('key-1');
    expect(first.get('x-merchant-id')).toBe('m-42');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).has('idempotency-key')).toBe(false);
  });

  it("sends the app's language, so codes and messages reach the member in it", async () => {
    fetchMock.mockResolvedValue(answer(200, {}));
    setRequestLanguage('my');
    await api.get('/api/site');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('accept-language')).toBe('my');
  });

  it('sends bodies as JSON and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(answer(200, { expireIn: 60 }));
    const result = await api.post<{ expireIn: number }>('/api/auth/check-credential', { body: { identifierValue: 'a@b.co' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"identifierValue":"a@b.co"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(result.expireIn).toBe(60);
  });

  it('checks answers with the given schema', async () => {
    fetchMock.mockResolvedValue(answer(200, { count: 'three' }));
    const schema = {
      parse(value: unknown): { count: number } {
        const count = (value as { count: unknown }).count;
        if (typeof count !== 'number') throw new Error('count is not a number');
        return { count };
      },
    };
    const error = await failureOf(api.get('/api/v2/inbox/unreads-inbox', { schema }));
    expect(describeApiError(error)).toBe('Please contact Customer Support');
  });

  it('counts pending requests while they run', async () => {
    const counts: number[] = [];
    const before = getPendingCount();
    const stop = onPendingChange((count) => counts.push(count));
    fetchMock.mockResolvedValue(answer(204));
    await api.delete('/api/v2/cards/1');
    stop();
    expect(counts).toEqual([before + 1, before]);
  });
});

describe('api error catalogue', () => {
  it('signs out and asks the router to leave for / on 401, without a message', async () => {
    setSession({ user: sessionUser({ id: 'u1' }), loginType: 'otp' });
    const left = vi.fn();
    const stop = onUnauthorized(left);
    fetchMock.mockResolvedValue(answer(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please sign in again' }));
    const error = await failureOf(api.get('/api/v2/cards'));
    stop();
    expect(error).toBeInstanceOf(ApiError);
    expect(getSession().user).toBeNull();
    expect(left).toHaveBeenCalledOnce();
    expect(describeApiError(error)).toBeNull();
  });

  it.each([500, 502, 504])('shows the server-side message on %i', async (status) => {
    fetchMock.mockResolvedValue(answer(status, { statusCode: status, code: 'INTERNAL', message: 'boom' }));
    const error = await failureOf(api.get('/api/v2/cards'));
    expect(describeApiError(error)).toBe('Something happens in our side, please retry in a few moment.');
  });

  it('translates other statuses by their code', async () => {
    fetchMock.mockResolvedValue(answer(429, { statusCode: 429, code: 'RATE_LIMITED', message: 'Slow down' }));
    const error = await failureOf(api.post('/api/qr/scan'));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Slow down' });
    expect(describeApiError(error)).toBe('Too many requests, please try again later');
  });

  it('falls back to the server text for an unknown code and keeps the field details', async () => {
    const details = [{ field: 'body.pin', rule: 'too_small', message: 'PIN must have 6 digits' }];
    fetchMock.mockResolvedValue(answer(400, { statusCode: 400, code: 'PIN_TOO_SHORT', message: 'PIN must have 6 digits', details }));
    const error = await failureOf(api.patch('/api/pin/change', { body: { pin: '1' } }));
    expect(error).toMatchObject({ details });
    expect(describeApiError(error)).toBe('PIN must have 6 digits');
  });

  it('reports an unreachable server when no answer comes back', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(api.get('/api/v2/cards'));
    expect(error).toMatchObject({ status: 0 });
    expect(describeApiError(error)).toBe('No internet or server not reachable, please try again');
  });

  it('asks to contact support for anything else', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 503, statusText: '' }));
    const error = await failureOf(api.get('/api/v2/cards'));
    expect(error).toMatchObject({ status: 503, code: 'HTTP_503' });
    expect(describeApiError(error)).toBe('Please contact Customer Support');
    expect(describeApiError(new Error('unexpected'))).toBe('Please contact Customer Support');
  });

  it('stays silent for a cancelled request', async () => {
    fetchMock.mockRejectedValue(new DOMException('The user aborted a request.', 'AbortError'));
    const error = await failureOf(api.get('/api/v2/cards'));
    expect(describeApiError(error)).toBeNull();
  });
});
