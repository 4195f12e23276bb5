import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { SiteState } from '@kartu/contracts';
import { AppRoutes } from '../app/routes.tsx';
import { SiteProvider } from '../lib/site.tsx';
import { setSession } from '../lib/session.ts';
import { sessionUser } from './session.test-support.ts';
import { testSite } from './site.test-support.ts';

/**
 * The whole route tree of `site` at `url`, with every address it goes through: `visited` in order,
 * `at()` the one it shows now (path and query).
 */
export function visitApp(site: SiteState, url: string) {
  const visited: string[] = [];
  let current = '';
  function LocationRecorder() {
    const location = useLocation();
    const at = `${location.pathname}${location.search}`;
    useEffect(() => {
      current = at;
      visited.push(at);
    }, [at]);
    return null;
  }
  const view = render(
    <SiteProvider site={site}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <LocationRecorder />
      </MemoryRouter>
    </SiteProvider>,
  );
  return { ...view, visited, at: () => current };
}

/** The whole route tree at `url`, for a signed-in member of the test site (visitApp). */
export function visitSignedIn(url: string) {
  setSession({ user: sessionUser({ id: 'u1' }), loginType: 'otp' });
  return visitApp(testSite(), url);
}
