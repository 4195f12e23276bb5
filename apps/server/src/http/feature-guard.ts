import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureKey } from '@kartu/contracts';
import type { AppContext } from './app-context.ts';
import { siteOf } from './request-context.ts';
import { signedIn } from '../modules/auth/auth.http.ts';
import { assertFeatureOpen } from '../modules/features/features.service.ts';

/** After requireSession: the route's action is refused with 403 FEATURE_LOCKED while the merchant keeps `feature` locked for the member. */
export function requireFeatureOpen({ db, clock }: Pick<AppContext, 'db' | 'clock'>, feature: FeatureKey): preHandlerAsyncHookHandler {
  return async (request) => {
    const { user } = signedIn(request);
    await assertFeatureOpen({ db, merchantId: siteOf(request).merchant.id, userId: user.id, feature, now: clock.now() });
  };
}

/** The sentence the API document adds to a route that a feature lock closes. */
export function featureLockNote(feature: FeatureKey): string {
  return ` While the merchant keeps the ${feature} feature locked for the member (GET /api/users/feature-eligibilities), it answers 403 FEATURE_LOCKED.`;
}
