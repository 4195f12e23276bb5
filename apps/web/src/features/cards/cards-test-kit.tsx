import { Component, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { CardDetail, CardListItem, SiteState } from '@kartu/contracts';
import { testSite } from '../../components/ui/test-utils.tsx';
import { SiteProvider } from '../../lib/site.tsx';
import { PageNotFoundError } from '../../lib/page-not-found.ts';

/** Contract-shaped answers for page tests; override only what the test is about. */
export function cardListItem(overrides: Partial<CardListItem> = {}): CardListItem {
  return {
    id: 'card00000000000000000001',
    walletId: 'w1',
    type: 'loyalty',
    no: '6012345678901234',
    status: 'active',
    isCardActive: true,
    programId: '6f1c2d3e-0000-4000-8000-000000000001',
    programName: 'Kopi Senja Rewards',
    programType: 'points',
    iconUrl: null,
    balance: { amount: 1250, unit: 'POINT' },
    level: { name: 'Silver', color: '#9e9e9e' },
    hidden: false,
    archived: false,
    ...overrides,
  };
}

const level = (name: string, color: string, experience: number, isActive = false) => ({ name, color, experience, retentionExperience: 0, isActive });

export function cardDetail(overrides: Partial<CardDetail> = {}): CardDetail {
  return {
    id: 'card00000000000000000001',
    no: '6012345678901234',
    isCardActive: true,
    status: 'active',
    validTill: null,
    programType: 'points',
    subscription: null,
    cardProgram: { iconUrl: null, programId: '6f1c2d3e-0000-4000-8000-000000000001', programName: 'Kopi Senja Rewards' },
    merchant: { brand: 'Kopi Senja', id: 42, countryCode: 'ID' },
    customer: { id: 'u-7' },
    customerData: { email: null, phone: '+6281211112222', name: 'Rani' },
    visualAttributes: { showTransactionHistory: true, showTransferPoint: true, showClaimRewards: true, showLevels: true },
    menus: ['transaction-history', 'transfer-point', 'claim-rewards', 'levels'],
    currency: { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' },
    isBalanceStamps: false,
    isFixedAddress: false,
    fixedAddressDetail: null,
    balance: { amount: 1250, unit: 'POINT', expiring: [] },
    levels: [level('Bronze', '#cd7f32', 0), level('Silver', '#9e9e9e', 500, true), level('Gold', '#ffd700', 2000)],
    levelProgress: { lifetimeExperience: 800, earnedInRetentionPeriod: 800, retentionPeriodDays: 365, current: level('Silver', '#9e9e9e', 500, true), next: level('Gold', '#ffd700', 2000), progress: 0.2 },
    registration: { required: false, completed: false, form: [] },
    hidden: false,
    archived: false,
    claimableRewards: 0,
    ...overrides,
  };
}

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

export type Answer = () => Response | Promise<Response>;

/**
 * Stubs fetch: `answers` maps 'METHOD /path?query' (or 'METHOD /path' for any query) to an answer.
 * Unknown calls answer 404 ROUTE_NOT_FOUND; every call is recorded in order.
 */
export function stubApi(answers: Record<string, Answer>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${url}`] ?? answers[`${method} ${url.split('?')[0]}`];
      if (answer) return answer();
      return Response.json({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'This page could not be found' }, { status: 404 });
    }),
  );
  return calls;
}

export function errorAnswer(status: number, code: string, extra: Record<string, unknown> = {}): Answer {
  return () => Response.json({ statusCode: status, code, message: code, ...extra }, { status });
}

function CurrentLocation() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Shows what a page threw as the route error boundary would: the 404 page's message. */
class ThrownPage extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <p data-testid="page-error">{error instanceof PageNotFoundError ? `404: ${error.message}` : 'failure'}</p>;
  }
}

export interface RenderCardRouteOptions {
  /** The route pattern of the page, e.g. '/cards/:cardId'. */
  path: string;
  history: string[];
  site?: SiteState;
}

/** Renders a page on its real route pattern, with a fresh query cache, the site, and a location probe. */
export function renderCardRoute(page: ReactElement, { path, history, site = testSite() }: RenderCardRouteOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SiteProvider site={site}>
        <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
          <ThrownPage>
            <Routes>
              <Route path={path} element={page} />
              <Route path="*" element={null} />
            </Routes>
          </ThrownPage>
          <CurrentLocation />
        </MemoryRouter>
      </SiteProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
