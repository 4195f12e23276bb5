import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/app-context.ts';
import { signInRateLimit } from '../../http/rate-limit.ts';
import { deviceIdSchema, languageSchema, requestHeaders, type Language, type SessionAnswer, type SignInAnswer } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import { siteOf } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashDeviceId, sessionExpiresInSeconds, toSessionUser, type OpenedSession } from './session.service.ts';
import type { UserRow } from './users.table.ts';
import { rememberLanguage } from './users.service.ts';
import type { Database } from '../../db/database.ts';

/**
 * What a sign-in route declares: out of the API's per-session and per-address budget, and under its
 * own limits per address and per phone number or e-mail (http/rate-limit.ts), checked first.
 */
export function signInRoutes(app: FastifyInstance, context: Pick<AppContext, 'rateLimits'>) {
  return { config: { rateLimit: false as const }, limits: signInRateLimit(app, context.rateLimits.signIn) };
}


/** The hashed x-device-id, or null when the browser sent none. */
export function deviceHashOf(request: FastifyRequest): string | null {
  const value = request.headers[requestHeaders.deviceId];
  if (value === undefined) return null;
  const parsed = deviceIdSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ field: `headers.${requestHeaders.deviceId}`, rule: 'invalid_format', message: 'Invalid device id' }],
    });
  }
  return hashDeviceId(parsed.data);
}

/** The language of messages sent to the user: the browser's first choice if the app speaks it, else the site's. */
export function languageOf(request: FastifyRequest): Language {
  const first = request.headers['accept-language']?.split(',')[0]?.split('-')[0]?.trim().toLowerCase();
  // Malay is 'ms' to browsers and 'my' to the app (spec: app-core §9 Languages).
  const parsed = languageSchema.safeParse(first === 'ms' ? 'my' : first);
  return parsed.success ? parsed.data : siteOf(request).defaultLanguage;
}

/** Sets the cookie, remembers the member's language, and shapes the sign-in answer around a newly issued token. */
export async function answerSignIn({
  request,
  reply,
  context,
  user,
  opened,
  isNewUser,
}: {
  request: FastifyRequest;
  reply: FastifyReply;
  context: { db: Database; clock: Clock };
  user: UserRow;
  opened: OpenedSession;
  isNewUser: boolean;
}): Promise<SignInAnswer> {
  const { clock } = context;
  await rememberLanguage({ db: context.db, user, language: languageOf(request) });
  request.server.setSessionCookie(request, reply, opened.token);
  return {
    user: toSessionUser(user),
    isNewUser,
    loginType: opened.session.loginType,
    accessToken: opened.token,
    expiresIn: sessionExpiresInSeconds(opened.session, clock.now()),
    pinRequired: opened.session.status === 'pending',
  };
}

export function sessionAnswer(request: FastifyRequest): SessionAnswer {
  const { session, user } = request;
  if (!session || !user) throw new AppError('UNAUTHENTICATED');
  return {
    user: toSessionUser(user),
    loginType: session.loginType,
    pinRequired: session.status === 'pending',
    needSetPhone: user.email !== null && user.phone === null,
  };
}

/** The user of a session pre-handler; routes behind requireSession can rely on it. */
export function signedIn(request: FastifyRequest) {
  const { session, user } = request;
  if (!session || !user) throw new AppError('UNAUTHENTICATED');
  return { session, user };
}
