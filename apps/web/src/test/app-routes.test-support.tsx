import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '../app/routes.tsx';
import { SiteProvider } from '../lib/site.tsx';
import { setSession } from '../lib/session.ts';
import { sessionUser } from './session.test-support.ts';
import { testSite } from './site.test-support.ts';

/** The whole route tree at `url`, for a signed-in member of the test site. */
export function visitSignedIn(url: string) {
  setSession({ user: sessionUser({ id: 'u1' }), loginType: 'otp' });
  return render(
    <SiteProvider site={testSite()}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </SiteProvider>,
  );
}
