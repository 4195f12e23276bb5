import { SignInPanel } from '../features/auth/components/sign-in-panel.tsx';
import { LandingPage } from '../features/landing/routes/landing-page.tsx';

/**
 * The landing page with its sign-in form, in one chunk, so both paint together. The form's checks
 * and requests download once the page is idle or the member starts typing.
 */
export function LandingRoute() {
  return (
    <LandingPage>
      <SignInPanel />
    </LandingPage>
  );
}
