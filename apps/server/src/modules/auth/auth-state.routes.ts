import { z } from 'zod';
import { siteOf } from '../../http/request-context.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkLockBodySchema, lockStateSchema, lockedAnswerSchema, lockedBodySchema, pinInfoAnswerSchema, pinInfoBodySchema, sessionAnswerSchema } from '@kartu/contracts';
import { deviceHashOf, sessionAnswer, signInRoutes } from './auth.http.ts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { normaliseIdentifier, signInIdentifier } from './identifier.ts';
import { getLockState } from './lock-state.service.ts';
import { getPinInfo } from './pin-info.service.ts';
import { revokeSession } from './session.service.ts';

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
        response: { 200: sessionAnswerSchema, ...errorAnswers([401, 404, 429, 500] as const) },
      },
    },
    async (request) => sessionAnswer(request),
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: app.loadSession,
      schema: {
        tags: ['auth'],
        operationId: 'signOut',
        summary: 'Ends the session on the server and clears the cookie (also without a session)',
        response: { 204: z.null(), ...errorAnswers([404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      if (request.session) await revokeSession({ db: context.db, session: request.session, now: context.clock.now() });
      app.clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );
};
