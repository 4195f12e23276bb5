import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { usePageQueryClient } from '../lib/query-client.ts';

/**
 * Gives the pages below it the query cache. It is loaded lazily with them, so the landing page's
 * first load does not carry the query library.
 */
export function QueryLayout({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={usePageQueryClient()}>{children ?? <Outlet />}</QueryClientProvider>;
}
