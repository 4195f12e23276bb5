import { Component, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import type { SiteState } from '@kartu/contracts';
import { I18nProvider } from '../lib/i18n.tsx';
import { SiteProvider } from '../lib/site.tsx';
import type { Translator } from '../lib/translator.ts';
import { testSite } from './site.test-support.ts';

/** Shows where the router is, so tests can assert on navigation. */
function CurrentLocation() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Shows what a page threw (e.g. PageNotFoundError), where the app's route error boundary would catch it. */
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

export interface RenderPageOptions {
  site?: SiteState;
  /** History entries (a path, or one with navigation state); the last one is the page under test. */
  history?: InitialEntry[];
  /** The page's route pattern, e.g. '/cards/:cardId'; the last entry's own path when left out. */
  path?: string;
  /** Another language than the tests' English: a translator with its catalogues loaded (createTranslator). */
  translator?: Translator;
}

/**
 * Renders a page the way the app does: the booted site, a fresh query cache (returned), a memory
 * router at the last history entry, and a probe of the current location.
 */
export function renderPage(page: ReactElement | Array<{ path: string; element: ReactElement }>, { site = testSite(), history = ['/page'], path, translator }: RenderPageOptions = {}) {
  const last = history[history.length - 1] ?? '/page';
  const current = typeof last === 'string' ? last : (last.pathname ?? '/page');
  // Several pages, each at its own pattern (a feature's pages that lead to each other), or one page.
  const routes = Array.isArray(page) ? page : [{ path: path ?? current.split('?')[0] ?? current, element: page }];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const tree = (
    <SiteProvider site={site}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
          <CaughtError>
            <Routes>
              {routes.map((route) => (
                <Route key={route.path} path={route.path} element={route.element} />
              ))}
              <Route path="*" element={null} />
            </Routes>
          </CaughtError>
          <CurrentLocation />
        </MemoryRouter>
      </QueryClientProvider>
    </SiteProvider>
  );
  const view = render(translator ? <I18nProvider translator={translator}>{tree}</I18nProvider> : tree);
  return { ...view, queryClient };
}
