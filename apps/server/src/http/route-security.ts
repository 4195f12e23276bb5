import type { RouteOptions } from 'fastify';

/*
 * Each route's security in the API document, as the route enforces it: a route behind a session
 * guard takes the member's session (the cookie, or in the app's view mode the same token as a bearer
 * header); the integration API's routes name their API key themselves; every other route is public
 * and says so (`security: []`).
 */

export const memberSessionScheme = 'memberSession';
export const memberBearerScheme = 'memberBearer';
const memberSession = [{ [memberSessionScheme]: [] }, { [memberBearerScheme]: [] }];

const sessionGuards = new WeakSet<object>();

/** Marks a pre-handler that refuses a request without a live session. */
export function sessionGuard<T extends object>(guard: T): T {
  sessionGuards.add(guard);
  return guard;
}

/** An onRoute hook: fills in the route's `security` unless it declares its own. */
export function declareRouteSecurity(route: RouteOptions): void {
  const schema = route.schema as { security?: unknown } | undefined;
  if (!schema || schema.security !== undefined) return;
  const guards = [route.onRequest, route.preValidation, route.preHandler].flat().filter((hook): hook is NonNullable<typeof hook> => typeof hook === 'function');
  schema.security = guards.some((guard) => sessionGuards.has(guard)) ? memberSession : [];
}
