import { createContext, use } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { subscribeSession, getSession } from './session.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Only failures that may pass on their own are retried; a 4xx answer will not change.
  const transient = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
  return transient && failureCount < 2;
}

/** A query cache as the app sets them up. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The one query cache of the app. It loads with the first page that calls the API through hooks. */
export const queryClient = createQueryClient();

// A page drawn on the server has a cache of its own, filled with what that member's page shows.
const DrawnQueryClient = createContext<QueryClient | null>(null);
export const DrawnQueryClientProvider = DrawnQueryClient;

/** The cache the pages below use: the drawn page's own on the server, the app's in the browser. */
export function usePageQueryClient(): QueryClient {
  return use(DrawnQueryClient) ?? queryClient;
}

// Nothing cached for one member may be shown to the next one on this browser.
subscribeSession(() => {
  if (getSession().user === null) queryClient.clear();
});
