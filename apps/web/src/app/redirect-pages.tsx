import { useSearchParams } from 'react-router';
import { featureKeySchema } from '@kartu/contracts';
import { paths } from '../config/paths.ts';
import { useFeatureEligibilities } from '../lib/feature-eligibilities.ts';
import { Redirect } from '../lib/redirect.tsx';
import { toReturnPath } from '../lib/return-path.ts';
import { featureGuard } from './guards/feature-guard.ts';

/*
 * Addresses that only send the member on (app-core §2 /redirect and /feature-redirect, their
 * behaviour not shown): what a message, a push or a merchant's link opens when the page it names
 * may need the member to sign in first, or may be locked for them. `to` is a path of this app;
 * anything else (another site, a malformed value) goes to the wallet.
 */

/** `/redirect?to=/cards/…`: on to that page of the app, once signed in. */
export function RedirectPage() {
  const [searchParams] = useSearchParams();
  return <Redirect to={toReturnPath(searchParams.get('to')) ?? paths.cards.href()} />;
}

/** `/feature-redirect?feature=catalog&to=/cards/…/catalogs`: on to the page, or to /feature-locked when the feature is locked for the member. */
export function FeatureRedirectPage() {
  const [searchParams] = useSearchParams();
  const { data: eligibilities } = useFeatureEligibilities();
  const to = toReturnPath(searchParams.get('to')) ?? paths.cards.href();
  const feature = featureKeySchema.safeParse(searchParams.get('feature'));
  if (!feature.success) return <Redirect to={to} />;
  // Nothing shows while the locks load: the page is a way through, not a place.
  if (!eligibilities) return null;
  return <Redirect to={featureGuard(feature.data, eligibilities) ?? to} />;
}
