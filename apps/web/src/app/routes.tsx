import { Outlet, type RouteObject } from 'react-router';
import type { SiteState } from '@kartu/contracts';
import { importPage } from './lazy-page.ts';
import { globalLoader, homeLoader, protectedLoader } from './route-loaders.ts';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';

const landing = async () => {
  const { LandingPage } = await importPage(() => import('../features/landing/routes/landing-page.tsx'));
  return { Component: LandingPage };
};

const signedInLayout = async () => {
  const { SignedInLayout } = await importPage(() => import('./signed-in-layout.tsx'));
  return { Component: SignedInLayout };
};

/**
 * The whole route tree, built for one booted site. Every page is lazy. Signed-in pages arrive
 * with their features; until then their routes exist only to hold the guards.
 */
export function createRoutes(site: SiteState): RouteObject[] {
  const guarded = protectedLoader(site);
  const cardScoped = protectedLoader(site, { cardScoped: true });

  return [
    {
      id: 'root',
      loader: globalLoader(site),
      // The site flags are checked on every navigation, not only the first.
      shouldRevalidate: () => true,
      errorElement: <RouteError />,
      HydrateFallback: () => null,
      children: [
        { index: true, loader: homeLoader(site), lazy: landing },
        { path: 'login', lazy: landing },
        {
          path: 'maintenance',
          lazy: async () => {
            const { MaintenancePage } = await importPage(() => import('../features/errors/routes/maintenance-page.tsx'));
            return { Component: MaintenancePage };
          },
        },
        {
          path: 'sorry',
          lazy: async () => {
            const { SorryPage } = await importPage(() => import('../features/errors/routes/sorry-page.tsx'));
            return { Component: SorryPage };
          },
        },
        {
          path: 'feature-locked',
          lazy: async () => {
            const { FeatureLockedPage } = await importPage(() => import('../features/errors/routes/feature-locked-page.tsx'));
            return { Component: FeatureLockedPage };
          },
        },
        {
          path: 'retry',
          lazy: async () => {
            const { TimeoutPage } = await importPage(() => import('../features/errors/routes/timeout-page.tsx'));
            return { Component: TimeoutPage };
          },
        },
        {
          path: 'qr-locked',
          lazy: async () => {
            const { QrLockPage } = await importPage(() => import('../features/errors/routes/qr-lock-page.tsx'));
            return { Component: QrLockPage };
          },
        },
        {
          id: 'signed-in',
          lazy: signedInLayout,
          children: [
            { path: 'cards', loader: guarded },
            { path: 'cards/:cardId/*', loader: cardScoped },
            { path: 'egifts/*', loader: guarded },
            { path: 'transaction-detail/:transactionId', loader: guarded },
            { path: 'notifications', loader: guarded },
            { path: 'profile', loader: guarded },
            { path: 'settings/*', loader: guarded },
          ],
        },
        {
          id: 'signed-in-v2',
          path: 'v2',
          lazy: signedInLayout,
          children: [
            {
              element: (
                <RequireSession>
                  <Outlet />
                </RequireSession>
              ),
              children: [{ path: 'cards/*' }, { path: 'egifts/*' }, { path: 'notifications' }, { path: 'settings' }],
            },
          ],
        },
        {
          // The default 404: 'Oh No!' with '404 Not Found' (spec: app-core §8 404 page default).
          path: '*',
          lazy: async () => {
            const { NotFoundPage } = await importPage(() => import('../features/errors/routes/not-found-page.tsx'));
            return { Component: NotFoundPage };
          },
        },
      ],
    },
  ];
}
