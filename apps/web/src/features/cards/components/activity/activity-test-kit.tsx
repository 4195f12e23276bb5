import { Component, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  cardDetailSchema,
  defaultErrorMessage,
  errorStatus,
  transactionSchema,
  type CardDetail,
  type ErrorBody,
  type ErrorCode,
  type Transaction,
} from '@kartu/contracts';
import { testSite } from '../../../../components/ui/test-utils.tsx';
import { SiteProvider } from '../../../../lib/site.tsx';
import { cardDetail } from '../../cards-test-kit.tsx';

/** Test support for the card activity pages: contract-shaped answers, a fetch stub and a page harness. */
export const cardId = 'c0ffee00c0ffee00c0ffee01';

export function cardFixture(overrides: Partial<CardDetail> = {}): CardDetail {
  const levels = [
    { name: 'Bronze', color: '#b87333', isActive: false, experience: 0, retentionExperience: 0 },
    { name: 'Silver', color: '#a8a9ad', isActive: true, experience: 500, retentionExperience: 300 },
    { name: 'Gold', color: '#d4af37', isActive: false, experience: 2000, retentionExperience: 1500 },
  ];
  // The card page's fixture, with what the activity pages' tests count on.
  return cardDetailSchema.parse(
    cardDetail({
      id: cardId,
      no: '1234567812345678',
      cardProgram: { iconUrl: null, programId: 'prg-7', programName: 'Kopi Senja Rewards' },
      customer: { id: 'u-100' },
      customerData: { email: null, phone: '081234567890', name: 'Sari' },
      levels,
      levelProgress: { lifetimeExperience: 1250, earnedInRetentionPeriod: 400, retentionPeriodDays: 365, current: levels[1] ?? null, next: levels[2] ?? null, progress: 0.5 },
      registration: { required: false, completed: true, form: [] },
      claimableRewards: 1,
      ...overrides,
    }),
  );
}

export function transactionFixture(overrides: Partial<Transaction> & Pick<Transaction, 'id'>): Transaction {
  return transactionSchema.parse({
    kind: 'earn',
    amount: 100,
    unit: 'POINT',
    description: null,
    reference: null,
    occurredAt: '2025-03-01T05:00:00.000Z',
    counterparty: null,
    ...overrides,
  });
}

export function okAnswer(body?: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorAnswer(code: ErrorCode, extra: Partial<ErrorBody> = {}): Response {
  const status = errorStatus[code];
  return okAnswer({ statusCode: status, code, message: defaultErrorMessage[code], ...extra } satisfies ErrorBody, status);
}

export type Answer = () => Response | Promise<Response>;
export type SeenRequest = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers };

/**
 * Answers by 'METHOD /path', in order; the last answer of a route repeats, so refetches after an
 * invalidation read the server's latest state. Every request is remembered with its headers.
 */
export function stubApi(routes: Record<string, Answer[]>) {
  const requests: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://kartu.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requests.push({ method, path: url.pathname, query: url.searchParams, body, headers: new Headers(init?.headers) });
      const queue = routes[`${method} ${url.pathname}`];
      const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (!next) throw new Error(`No answer prepared for ${method} ${url.pathname}`);
      return next();
    }),
  );
  return {
    requests,
    to: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path),
  };
}

export const cardPath = `/api/v2/cards/${cardId}`;

/** Shows what a page threw (e.g. PageNotFoundError), as the app's route error boundary would catch it. */
class CaughtError extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    return error ? <p data-testid="page-error">{`${error.name}: ${error.message}`}</p> : this.props.children;
  }
}

function CurrentLocation() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders an activity page on its route pattern at `url`, with a fresh query cache it returns. */
export function renderActivityPage(page: ReactElement, options: { route: string; url: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <SiteProvider site={testSite()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/cards/${cardId}`, options.url]} initialIndex={1}>
          <CaughtError>
            <Routes>
              <Route path={options.route} element={page} />
              <Route path="*" element={null} />
            </Routes>
          </CaughtError>
          <CurrentLocation />
        </MemoryRouter>
      </QueryClientProvider>
    </SiteProvider>,
  );
  return { ...view, queryClient };
}
