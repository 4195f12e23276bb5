import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('answers the server wrote into the page', () => {
  it('stand for the first call to their URL only, then calls go to the server', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'kartu-answers';
    element.textContent = JSON.stringify({ '/api/v2/cards?page=1&view=active': { count: 1 }, '/api/auth/session': { user: 'bad' } });
    document.head.append(element);
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(Response.json({ count: 2 })));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.get('/api/v2/cards', { query: { page: 1, view: 'active' } })).resolves.toEqual({ count: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/api/v2/cards', { query: { page: 1, view: 'active' } })).resolves.toEqual({ count: 2 });
    // An answer that is not what the call expects is left for the server to give again.
    await expect(api.get('/api/auth/session', { schema: z.object({ user: z.object({ id: z.string() }) }) })).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    element.remove();
  });
});
