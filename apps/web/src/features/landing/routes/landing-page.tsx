import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LANDING_BANNER_SIZES } from '@kartu/core/constants';
import { useTranslation } from '../../../lib/i18n.tsx';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { useHeadingFocus } from '../../../components/ui/use-heading-focus.ts';
import { useSite } from '../../../lib/site.tsx';
import { useSignInKind } from '../../../lib/sign-in-kind.ts';
import '../../../components/ui/ui.css';

// A shared invite link is `/?ref={code}` (docs/decisions/042-referrals.md).
const REFERRAL_CODE_PARAM = 'ref';

// Only a visitor who came by an invite link downloads the invite's words.
const ReferralInviteBanner = lazy(() => import('../components/referral-invite-banner.tsx').then((module) => ({ default: module.ReferralInviteBanner })));

const subscribeToNothing = () => () => {};

export type LandingPageProps = {
  /** The sign-in form for the merchant's identifier. */
  children?: ReactNode;
};

// spec: app-core §2 Other screens: the landing page with banner, sign-in and footer.
// Kept light on purpose: it is the first screen a visitor downloads.
export function LandingPage({ children }: LandingPageProps) {
  const { t } = useTranslation('pages');
  const { merchant } = useSite();
  const headingRef = useHeadingFocus();
  const brand = merchant.brand;
  const signsInByPhone = useSignInKind().kind === 'phone';

  return (
    <div className="landing">
      {/* The band takes the merchant's colours from the page's variables (no inline style: the
          server renders this page under a policy that allows none). */}
      <header className="landing__band">
        <div className="landing__brand">
          {merchant.iconUrl ? (
            <img className="landing__logo" src={merchant.iconUrl} srcSet={merchant.icon?.srcSet} sizes={merchant.icon ? '40px' : undefined} alt={brand} width={40} height={40} />
          ) : null}
          <span className="landing__brand-name" data-testid="brand-name">
            {brand}
          </span>
        </div>
        <LanguageSwitcher compact />
      </header>

      <main id="main" className="landing__main">
        {merchant.bannerUrl ? (
          // Sized as drawn (16:9, the width of the app), so nothing moves when it arrives; it is the
          // largest thing on the page, so it is fetched first. A banner the server resized (bannerUrl
          // is then its smallest size) comes at the width the screen needs, as the server's preload names it.
          <img
            className="landing__banner"
            src={merchant.bannerUrl}
            srcSet={merchant.banner?.srcSet}
            sizes={merchant.banner ? LANDING_BANNER_SIZES : undefined}
            alt=""
            width={480}
            height={270}
            fetchPriority="high"
          />
        ) : null}

        <div className="landing__welcome">
          <h1 ref={headingRef} tabIndex={-1}>
            {t('landing.welcomeTitle', { brand })}
          </h1>
          <p className="muted">{t('landing.welcomeText', { brand })}</p>
          <ReferralInvite />
        </div>

        <section className="landing__sign-in stack" aria-labelledby="landing-sign-in-title">
          <h2 id="landing-sign-in-title">
            {signsInByPhone ? t('landing.signInWithPhone') : t('landing.signInWithEmail')}
          </h2>
          <p className="muted">
            {signsInByPhone ? t('landing.signInPhoneHint') : t('landing.signInEmailHint')}
          </p>
          {children}
        </section>
      </main>

      <footer className="landing__footer muted">
        <p>{t('landing.copyright', { year: new Date().getFullYear(), brand })}</p>
        {merchant.flags.hidePoweredBy ? null : <p>{t('landing.poweredBy')}</p>}
      </footer>
    </div>
  );
}

/**
 * Who invited the visitor, over the form, once the page runs in the browser: the server draws one
 * landing page whatever the query holds, and the form never waits for the invite. A live region,
 * so the words are heard when they arrive without taking anyone away from the form.
 */
function ReferralInvite() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get(REFERRAL_CODE_PARAM)?.trim();
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  if (!hydrated || !code) return null;
  return (
    <div role="status">
      <Suspense fallback={null}>
        <ReferralInviteBanner code={code} />
      </Suspense>
    </div>
  );
}
