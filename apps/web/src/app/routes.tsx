/*
 * Every route of the app, in one place. A feature adds its pages here:
 *   1. declare the page once at module level with lazyPage, e.g.
 *        const CardListPage = lazyPage(() => import('../features/cards/routes/card-list-page.tsx').then((m) => m.CardListPage));
 *   2. spell its path once in config/paths.ts, and give it an element on `paths.<page>.path`: signed-in v1
 *      pages inside the ProtectedGuard branch (card pages under `paths.cardDetail`, behind CardGuard, most of
 *      them in card-routes.tsx), v2
 *      pages inside the `paths.v2` branch (`v2PathOf(...)`), open pages beside `paths.login`.
 *   3. wrap the page in a guard element when it needs one more rule.
 * Pages download on first visit; while they do, the progress bar shows and the current page stays.
 */
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { paths, v2PathOf } from '../config/paths.ts';
import { useSession } from '../lib/session.ts';
import { useSite } from '../lib/site.tsx';
import { lazyPage } from './lazy-page.ts';
import { ReadyMark } from './ready-mark.tsx';
import { RouteFocus } from '../components/layout/route-focus.tsx';
import { SkipLink } from '../components/layout/skip-link.tsx';
import { NotFoundPage } from './route-error.tsx';
import { DeferredPush } from '../features/push/components/deferred-push.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { AccountDeletionGuard, CardGuard, GlobalGuard, HomeGuard, ProtectedGuard, RequireSession, SsoGuard } from './route-guards.tsx';

const LandingRoute = lazyPage(() => import('./landing-route.tsx').then((m) => m.LandingRoute));
const StatusPage = lazyPage(() => import('./status-pages.tsx').then((m) => m.StatusPage));
// The query cache comes with the first page that needs it, never with the landing page itself.
const QueryLayout = lazyPage(() => import('./query-layout.tsx').then((m) => m.QueryLayout));

const OtpPage = lazyPage(() => import('../features/auth/routes/otp-page.tsx').then((m) => m.OtpPage));
const PasscodePage = lazyPage(() => import('../features/auth/routes/passcode-page.tsx').then((m) => m.PasscodePage));
const NewPinPage = lazyPage(() => import('../features/auth/routes/new-pin-page.tsx').then((m) => m.NewPinPage));
const RegisterPhonePage = lazyPage(() =>
  import('../features/auth/routes/register-phone-page.tsx').then((m) => m.RegisterPhonePage),
);
const NewPinGuard = lazyPage(() => import('./step-guards.tsx').then((m) => m.NewPinGuard));
const RegisterPhoneGuard = lazyPage(() => import('./step-guards.tsx').then((m) => m.RegisterPhoneGuard));
const LockPage = lazyPage(() => import('../features/auth/routes/lock-page.tsx').then((m) => m.LockPage));
const AuthorizePage = lazyPage(() => import('../features/sso/routes/authorize-page.tsx').then((m) => m.AuthorizePage));
const SsoInvalidPage = lazyPage(() => import('../features/sso/routes/sso-invalid-page.tsx').then((m) => m.SsoInvalidPage));
const CardListPage = lazyPage(() => import('../features/cards/routes/card-list-page.tsx').then((m) => m.CardListPage));
const CardDetailPage = lazyPage(() => import('../features/cards/routes/card-detail-page.tsx').then((m) => m.CardDetailPage));
const AddCardPage = lazyPage(() => import('../features/cards/routes/add-card-page.tsx').then((m) => m.AddCardPage));
const SettingsPage = lazyPage(() => import('../features/settings/routes/settings-page.tsx').then((m) => m.SettingsPage));
const ChangePinPage = lazyPage(() => import('../features/settings/routes/change-pin-page.tsx').then((m) => m.ChangePinPage));
const AccountDeletionPage = lazyPage(() =>
  import('../features/settings/routes/account-deletion-page.tsx').then((m) => m.AccountDeletionPage),
);
const AddressRoutes = lazyPage(() => import('../features/addresses/routes/address-routes.tsx').then((m) => m.AddressRoutes));
const UiGalleryPage = lazyPage(() => import('../features/dev/routes/ui-gallery-page.tsx').then((m) => m.UiGalleryPage));
const DevPaymentsPage = lazyPage(() => import('../features/dev/routes/dev-payments-page.tsx').then((m) => m.DevPaymentsPage));
const CardRoutes = lazyPage(() => import('./card-routes.tsx').then((m) => m.CardRoutes));
// A gift card's payment at the top level (v1), from the card routes' chunk.
const TransactionEgiftDetailPage = lazyPage(() => import('./card-routes.tsx').then((m) => m.loadTransactionEgiftDetailPage()));
const ShopRoutes = lazyPage(() => import('./shop-routes.tsx').then((m) => m.ShopRoutes));
const ShopGuard = lazyPage(() => import('./card-rule-guards.tsx').then((m) => m.ShopGuard));
const RedirectPage = lazyPage(() => import('./redirect-pages.tsx').then((m) => m.RedirectPage));
const FeatureRedirectPage = lazyPage(() => import('./redirect-pages.tsx').then((m) => m.FeatureRedirectPage));
const FeatureGuard = lazyPage(() => import('./card-rule-guards.tsx').then((m) => m.FeatureGuard));
const QrScannerPage = lazyPage(() => import('../features/scan/routes/qr-scanner-page.tsx').then((m) => m.SignedInQrScannerPage));
const EgiftRoutes = lazyPage(() => import('./egift-routes.tsx').then((m) => m.EgiftRoutes));
const PaymentReturnPage = lazyPage(() => import('../features/payments/routes/payment-return-page.tsx').then((m) => m.PaymentReturnPage));
const InboxPage = lazyPage(() => import('../features/inbox/routes/inbox-page.tsx').then((m) => m.InboxPage));
const ProfilePage = lazyPage(() => import('../features/profile/routes/profile-page.tsx').then((m) => m.ProfilePage));
const AnalyticsConsent = lazyPage(() => import('../components/analytics/analytics-consent.tsx').then((m) => m.AnalyticsConsent));
const AgeGate = lazyPage(() => import('../features/age-gate/components/age-gate.tsx').then((m) => m.AgeGate));
const NotificationSettingsPage = lazyPage(() =>
  import('../features/push/routes/notification-settings-page.tsx').then((m) => m.NotificationSettingsPage),
);

/** The route tree for the booted site (read from SiteProvider); render inside a router. */
export function AppRoutes() {
  const site = useSite();
  const { user } = useSession();
  return (
    <RouteErrorBoundary>
      <SkipLink />
      <Suspense fallback={null}>
        <GlobalGuard>
          <Routes>
            <Route path={paths.home.path} element={<HomeGuard><LandingRoute /></HomeGuard>} />
            <Route path={paths.maintenance.path} element={<StatusPage kind="maintenance" />} />
            <Route path={paths.sorry.path} element={<StatusPage kind="sorry" />} />
            <Route path={paths.retry.path} element={<StatusPage kind="timeout" />} />
            <Route path={paths.qrLocked.path} element={<StatusPage kind="qrLocked" />} />
            <Route path={paths.ssoInvalid.path} element={<SsoInvalidPage />} />
            <Route path={paths.devUi.path} element={<UiGalleryPage />} />

            {/* Signing in: the code step, the PIN steps, the lock pages, and single sign-on. */}
            <Route element={<QueryLayout />}>
              {/* Explains what opens a feature, from the member's eligibilities when signed in. */}
              <Route path={paths.featureLocked.path} element={<StatusPage kind="featureLocked" />} />
              <Route path={paths.lock.path} element={<LockPage variant="login" />} />
              <Route path={paths.lock24h.path} element={<LockPage variant="login-24h" />} />
              <Route path={paths.deviceLocked.path} element={<LockPage variant="device" />} />
              <Route path={paths.login.path} element={<OtpPage />} />
              <Route path={paths.passcode.path} element={<PasscodePage />} />
              <Route path={paths.newPin.path} element={<NewPinGuard><NewPinPage /></NewPinGuard>} />
              <Route path={paths.authorize.path} element={<SsoGuard><AuthorizePage /></SsoGuard>} />
              {/* A gift link is opened signed out too: it waits for the sign-in (lib/sign-in-link.ts). */}
              <Route path={`${paths.gifts.path}/*`} element={<EgiftRoutes section="gifts" />} />
              {/* So is the scanner with a till's code, opened by the phone's own camera app. */}
              <Route path={paths.qrcodeScanner.path} element={<QrScannerPage />} />
            </Route>

            <Route element={<ProtectedGuard><QueryLayout /></ProtectedGuard>}>
              <Route path={paths.cards.path} element={<CardListPage />} />
              <Route path={paths.addCard.path} element={<AddCardPage />} />
              <Route path={paths.addCardByNumber.path} element={<AddCardPage />} />
              <Route path={paths.cardDetail.path} element={<CardGuard />}>
                <Route index element={<CardDetailPage />} />
                <Route element={<FeatureGuard feature="catalog" />}>
                  <Route element={<ShopGuard />}>
                    <Route path={`${paths.cardCatalogs.path}/*`} element={<ShopRoutes />} />
                  </Route>
                </Route>
                <Route path={`${paths.cardOrders.path}/*`} element={<ShopRoutes section="orders" />} />
                <Route path={`${paths.cardDistributors.path}/*`} element={<ShopRoutes section="distributors" />} />
                {/* The card's other pages (those a subscription gates, the subscription's) and its 404: card-routes.tsx. */}
                <Route path="*" element={<CardRoutes />} />
              </Route>
              <Route element={<FeatureGuard feature="egift" />}>
                <Route path={`${paths.egifts.path}/*`} element={<EgiftRoutes />} />
              </Route>
              <Route path={paths.transactionDetail.path} element={<NotFoundPage />} />
              <Route path={paths.transactionEgiftDetail.path} element={<TransactionEgiftDetailPage />} />
              <Route path={paths.notifications.path} element={<InboxPage />} />
              <Route path={paths.profile.path} element={<ProfilePage />} />
              <Route path={paths.registerPhoneNumber.path} element={<RegisterPhoneGuard><RegisterPhonePage /></RegisterPhoneGuard>} />
              <Route path={paths.settings.path} element={<SettingsPage />} />
              <Route path={paths.changePin.path} element={<ChangePinPage />} />
              <Route path={paths.notificationSettings.path} element={<NotificationSettingsPage />} />
              <Route path={paths.accountDeletion.path} element={<AccountDeletionGuard><AccountDeletionPage /></AccountDeletionGuard>} />
              <Route path={`${paths.addresses.path}/*`} element={<AddressRoutes />} />
              <Route path={paths.redirect.path} element={<RedirectPage />} />
              <Route path={paths.featureRedirect.path} element={<FeatureRedirectPage />} />
              <Route path={paths.devPayments.path} element={<DevPaymentsPage />} />
              <Route path={paths.paymentReturn.path} element={<PaymentReturnPage />} />
            </Route>

            <Route path={paths.v2.path} element={<RequireSession><QueryLayout /></RequireSession>}>
              <Route path={v2PathOf(paths.cards.path)} element={<CardListPage />} />
              <Route path={v2PathOf(paths.cardDetail.path)} element={<CardGuard />}>
                <Route index element={<CardDetailPage />} />
                <Route element={<FeatureGuard feature="catalog" />}>
                  <Route element={<ShopGuard />}>
                    <Route path={`${v2PathOf(paths.cardCatalogs.path)}/*`} element={<ShopRoutes v2 />} />
                  </Route>
                </Route>
                <Route path={`${v2PathOf(paths.cardOrders.path)}/*`} element={<ShopRoutes v2 section="orders" />} />
                <Route path="*" element={<CardRoutes v2 />} />
              </Route>
              <Route element={<FeatureGuard feature="egift" />}>
                <Route path={`${v2PathOf(paths.egifts.path)}/*`} element={<EgiftRoutes />} />
              </Route>
              <Route path={v2PathOf(paths.settings.path)} element={<SettingsPage />} />
              <Route path={v2PathOf(paths.notifications.path)} element={<InboxPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>

            {/* The default 404: 'Oh No!' with '404 Not Found' (spec: app-core §8 404 page default). */}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </GlobalGuard>
        {site.merchant.flags.ageGate && <AgeGate />}
        {/* Asked of signed-in members only: never on the sign-in pages (app-core §7 third-party loads). */}
        {user && (site.merchant.analytics.gaId || site.merchant.analytics.fbPixelId) ? <AnalyticsConsent brand={site.merchant.brand} ids={site.merchant.analytics} /> : null}
        <DeferredPush />
        <RouteFocus />
        <ReadyMark />
      </Suspense>
    </RouteErrorBoundary>
  );
}
