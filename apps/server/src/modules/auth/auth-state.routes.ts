import { z } from 'zod';
import { siteOf } from '../../http/request-context.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkLockBodySchema,
  lockStateSchema,
  lockedAnswerSchema,
  lockedBodySchema,
  pinInfoAnswerSchema,
  pinInfoBodySchema,
  sessionAnswerSchema,
  userIdInfoAnswerSchema,
  userIdInfoBodySchema,
} from '@kartu/contracts';
import { maskEmail, maskRecipientPhone, phoneRegionOf } from '@kartu/core';
import { AppError } from '../../lib/app-error.ts';
import { deviceHashOf, sessionAnswer, signInRoutes, signedIn } from './auth.http.ts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { normaliseIdentifier, signInIdentifier } from './identifier.ts';
import { getLockState } from './lock-state.service.ts';
import { SESSION_COOKIE } from './auth.constants.ts';
import { getPinInfo } from './pin-info.service.ts';
import { revokeSession } from './session.service.ts';
import { inTransaction } from '../../db/database.ts';
import { recordEvent } from '../analytics/analytics.service.ts';

/** What the sign-in screens ask before and after signing in: PIN info, locks, the session, logout. */
export const authStateRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'codeSecret' | 'outboxSealKey'>> = async (app, context) => {
  const { config, limits } = signInRoutes(app, context);

  app.post(
    '/api/auth/get-pin-info',
    {
      config,
      preHandler: [limits, app.loadSession],
      schema: {
        tags: ['auth'],
        operationId: 'getPinInfo',
        summary: 'Whether the identifier needs a PIN or a phone, and whether this device is new to it',
        description:
          'Public; the Host header selects the merchant whose members are looked up. An unknown identifier, and a known one asked from a browser the member ' +
          'has not yet entered or set a PIN on (its x-device-id header) and that holds no session of theirs, all answer as a new account on a new device, so the answer never tells who is registered; ' +
          'needSetPhone is told only to the browser holding the member’s own session. An identifier of a kind the merchant does not sign in with answers 400 VALIDATION_FAILED, ' +
          'and calls are rate limited per minute, per client address and per identifier (429 RATE_LIMITED).',
        body: pinInfoBodySchema,
        response: { 200: pinInfoAnswerSchema, ...errorAnswers([400, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const merchant = siteOf(request).merchant;
      const identifier = signInIdentifier(request.body, merchant);
      return getPinInfo({ context, merchant, identifier, deviceHash: deviceHashOf(request), session: request.session });
    },
  );

  app.post(
    '/api/auth/locked',
    {
      config,
      preHandler: limits,
      schema: {
        tags: ['auth'],
        operationId: 'checkPhoneLock',
        summary: 'Whether a phone number is locked (PIN or failed-login lock)',
        description:
          'Public; the Host header selects the merchant. userLocked is true while the member’s PIN lock or the failed-login lock of this device (its x-device-id header) holds; ' +
          'the code-request lock is not counted. A number that is not valid answers 400 VALIDATION_FAILED, ' +
          'and calls are rate limited per minute per client address (429 RATE_LIMITED).',
        body: lockedBodySchema,
        response: { 200: lockedAnswerSchema, ...errorAnswers([400, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const merchant = siteOf(request).merchant;
      const identifier = normaliseIdentifier(
        { identifierType: 'phone', identifierValue: request.body.phone, countryCode: request.body.countryCode },
        merchant.countryCode,
      );
      const state = await getLockState({ context, merchant, identifier, includeCodeRequests: false, deviceHash: deviceHashOf(request) });
      return { userLocked: state.isLocked };
    },
  );

  for (const [path, operationId, includeCodeRequests] of [
    ['/api/auth/check-lock', 'getLockState', true],
    ['/api/auth/is-locked', 'getSignInLockState', false],
  ] as const) {
    app.post(
      path,
      {
        config,
        preHandler: limits,
        schema: {
          tags: ['auth'],
          operationId,
          summary: includeCodeRequests
            ? 'The failed-login, PIN and code-request locks of an identifier'
            : 'The failed-login and PIN locks of an identifier',
          description:
            'Public; the Host header selects the merchant. isLocked and lockedUntil (the latest end among them) cover the failed-login lock of this device (its x-device-id header), ' +
            `the member’s PIN lock${includeCodeRequests ? ' and the identifier’s code-request lock' : ''}; currentTime is the server’s clock, to count down from. ` +
            'Calls are rate limited per minute, per client address and per identifier (429 RATE_LIMITED).',
          body: checkLockBodySchema,
          response: { 200: lockStateSchema, ...errorAnswers([400, 404, 429, 500] as const) },
        },
      },
      async (request) => {
        const merchant = siteOf(request).merchant;
        const identifier = signInIdentifier(request.body, merchant);
        return getLockState({ context, merchant, identifier, includeCodeRequests, deviceHash: deviceHashOf(request) });
      },
    );
  }

  app.get(
    '/api/auth/session',
    {
      preHandler: app.requireSession({ allowPending: true }),
      schema: {
        tags: ['auth'],
        operationId: 'getSession',
        summary: 'The current session, pending ones included, so the app knows where to resume',
        description:
          'Needs a session of the merchant the Host header selects (the cookie, or the bearer token in app view mode), pending or active: pinRequired true means the sign-in still waits for the PIN. ' +
          'needSetPhone is true for an e-mail member without a phone. Without a live session it answers 401 UNAUTHENTICATED.',
        response: { 200: sessionAnswerSchema, ...errorAnswers([401, 404, 429, 500] as const) },
      },
    },
    async (request) => sessionAnswer(request),
  );

  app.post(
    '/api/auth/get-user-id-info',
    {
      config,
      preHandler: [limits, app.requireSession({ allowPending: true })],
      schema: {
        tags: ['auth'],
        operationId: 'getUserIdInfo',
        summary: 'What the member a userId names may be shown of their own account: PIN state and masked phone and e-mail',
        description:
          'Needs a session, pending (between the code and the PIN) or active, of the merchant the Host header selects. The userId is the member’s own (User.userId, the maskedId of the sign-in answer); ' +
          'any other, whether it names another member or nobody, answers 404 USER_NOT_FOUND, so the route tells nothing of strangers. Phone and e-mail come masked, for a screen that names the account ' +
          'before the PIN is entered or created. Without a session it answers 401 UNAUTHENTICATED, and calls are rate limited per minute per client address (429 RATE_LIMITED).',
        body: userIdInfoBodySchema,
        response: { 200: userIdInfoAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { session, user } = signedIn(request);
      if (request.body.userId !== user.maskedId) throw new AppError('USER_NOT_FOUND');
      return {
        info: {
          userId: user.maskedId,
          hasPin: user.pinHash !== null,
          pinRequired: session.status === 'pending',
          maskedPhone: user.phone ? maskRecipientPhone(user.phone, phoneRegionOf(user.country).dialCode) : null,
          maskedEmail: user.email ? maskEmail(user.email) : null,
          memberSince: user.createdAt.toISOString(),
        },
      };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: app.loadSession,
      schema: {
        tags: ['auth'],
        operationId: 'signOut',
        summary: 'Ends the session on the server and clears the cookie (also without a session)',
        description:
          `Anyone may call it: the session the request carries, pending or active, is revoked, and the ${SESSION_COOKIE} cookie is cleared whether or not there was one. ` +
          'The member’s sessions on other devices stay signed in.',
        response: { 204: z.null(), ...errorAnswers([404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      if (request.session) {
        const { session } = request;
        const now = context.clock.now();
        await inTransaction(context.db, async (tx) => {
          await revokeSession({ db: tx, session, now });
          await recordEvent(tx, { merchantId: session.merchantId, userId: session.userId, cardId: null, name: 'logout', properties: {}, occurredAt: now });
        });
      }
      app.clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );
};
