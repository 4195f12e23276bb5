import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { okAnswer, stubApi } from '../test/api-stub.test-support.ts';
import { inboxKeys } from './inbox-keys.ts';
import { getUnreadInboxCount, useUnreadInboxCount } from './inbox-badge.ts';

const unreadPath = 'GET /api/v2/inbox/unreads-inbox';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the unread count of the inbox', () => {
  it('is the count the server answers', async () => {
    stubApi({ [unreadPath]: () => okAnswer({ data: { count: 7 } }) });
    await expect(getUnreadInboxCount()).resolves.toBe(7);
  });

  it.each([
    ['the server fails', () => okAnswer({ statusCode: 500, code: 'INTERNAL', message: 'Boom' }, 500)],
    ['the answer is not a count', () => okAnswer({ data: { count: 'many' } })],
    ['the member is signed out', () => okAnswer({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Sign in' }, 401)],
  ])('is 0 when %s (spec: app-core §7, §8)', async (_case, answer) => {
    stubApi({ [unreadPath]: answer });
    await expect(getUnreadInboxCount()).resolves.toBe(0);
  });

  it('is 0 when no answer comes back', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(getUnreadInboxCount()).resolves.toBe(0);
  });

  it('drops a count it showed once a later read of it fails, rather than keep an old one', async () => {
    stubApi({ [unreadPath]: [() => okAnswer({ data: { count: 3 } }), () => okAnswer({ statusCode: 502, code: 'BAD_GATEWAY', message: 'Down' }, 502)] });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useUnreadInboxCount(), { wrapper });

    await waitFor(() => expect(result.current).toBe(3));
    await queryClient.invalidateQueries({ queryKey: inboxKeys.unread() });
    await waitFor(() => expect(result.current).toBe(0));
  });
});
