import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { siteOf } from '../../http/request-context.ts';
import { sessionGuard } from '../../http/route-security.ts';
import type { Clock } from '../../lib/clock.ts';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './auth.constants.ts';
import { createSessionCache, findCachedLiveSession, findLiveSession, type LiveSession } from './session.service.ts';
import type { SessionRow } from './sessions.table.ts';
import type { UserRow } from './users.table.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's live session (pending ones included), once a session pre-handler ran. */
    session: SessionRow | null;
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** Reads the session if there is one; never refuses the request. A pre-handler as it is. */
    loadSession(request: FastifyRequest): Promise<void>;
    /**
     * The request's active (not pending) session if it was looked up already or the session cache
     * can tell at once, for routes that answer from a cache of their own before the usual pipeline;
     * undefined otherwise, and the route's requireSession decides.
     */
    cachedActiveSession(request: FastifyRequest): LiveSession | undefined;
    /** 401 UNAUTHENTICATED without a live session; 401 LOGIN_PENDING for a pending one unless allowed. */
    requireSession(options?: { allowPending?: boolean }): preHandlerAsyncHookHandler;
    setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void;
    clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void;
  }
}

/** The session token a request carries (bearer header or cookie), unchecked. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  // App view mode sends the token as a bearer header; the web app relies on the cookie.
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || undefined;
  const cookies = request.headers.cookie;
  return (cookies && parseCookie(cookies)[SESSION_COOKIE]) || undefined;
}

/** Session reading and the kartu_session cookie, for every module's routes. */
export async function registerSessions(
  app: FastifyInstance,
  { db, clock, publicUrl }: { db: Database; clock: Clock; publicUrl: string | undefined },
): Promise<void> {
  // The one cookie is read and written here, without a cookie plugin: that would parse the cookies
  // of every request and add a hook to every answer.
  const sessionCache = createSessionCache();
  app.addHook('onClose', async () => sessionCache.close());
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  const httpsSite = publicUrl?.startsWith('https:') ?? false;
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: httpsSite || request.protocol === 'https',
  });

  // The rate limit looks the session up before the route does: a request is looked up once, so a
  // stale cookie costs one query, not two.
  const looked = new WeakSet<FastifyRequest>();
  async function loadSession(request: FastifyRequest): Promise<void> {
    if (request.session || looked.has(request)) return;
    looked.add(request);
    const token = sessionTokenOf(request);
    if (!token) return;
    const found = await findLiveSession({ db, token, merchantId: siteOf(request).merchant.id, now: clock.now(), cache: sessionCache });
    if (!found) return;
    request.session = found.session;
    request.user = found.user;
  }

  app.decorate('loadSession', loadSession);
  app.decorate('cachedActiveSession', (request: FastifyRequest) => {
    // Already looked up (by the rate limit): that answer stands, whether from the cache or not.
    if (looked.has(request)) return request.session?.status === 'active' && request.user ? { session: request.session, user: request.user } : undefined;
    const token = sessionTokenOf(request);
    if (!token || !request.site) return undefined;
    const found = findCachedLiveSession({ token, merchantId: request.site.merchant.id, now: clock.now(), cache: sessionCache });
    return found?.session.status === 'active' ? found : undefined;
  });
  app.decorate('requireSession', ({ allowPending = false }: { allowPending?: boolean } = {}) =>
    sessionGuard(async (request: FastifyRequest) => {
      await loadSession(request);
      if (!request.session) throw new AppError('UNAUTHENTICATED');
      // spec: app-core §4 Login-pending 401 — a half-finished sign-in reaches only the sign-in routes.
      if (request.session.status === 'pending' && !allowPending) throw new AppError('LOGIN_PENDING');
    }),
  );
  app.decorate('setSessionCookie', (request: FastifyRequest, reply: FastifyReply, token: string) => {
    reply.header('set-cookie', stringifySetCookie({ name: SESSION_COOKIE, value: token, ...cookieOptions(request), maxAge: SESSION_ABSOLUTE_MS / 1000 }));
  });
  app.decorate('clearSessionCookie', (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('set-cookie', stringifySetCookie({ name: SESSION_COOKIE, value: '', ...cookieOptions(request), expires: new Date(0) }));
  });
}
