import { z } from 'zod';
import { siteOf } from '../../http/request-context.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePinBodySchema, createPinBodySchema, resetPinBodySchema, signInAnswerSchema } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import { answerSignIn, deviceHashOf, languageOf, signInRoutes, signedIn } from './auth.http.ts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { changePin, createPin, resetPin } from './pin.service.ts';
import { PIN_LOCK_AT_ATTEMPT, PIN_LOCK_MINUTES } from '@kartu/core';

/** Setting, changing and resetting the PIN (spec app-core §4 Change PIN, Reset PIN). */
export const pinRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'codeSecret' | 'outboxSealKey'>> = async (app, context) => {
  const { config, limits } = signInRoutes(app, context);

  app.post(
    '/api/auth/register-pin',
    {
      config,
      preHandler: [limits, app.requireSession({ allowPending: true })],
      schema: {
        tags: ['pin'],
        operationId: 'registerPin',
        summary: 'Sets the first PIN of a new member and completes the sign-in',
        description:
          'Needs the pending session a login code opened for a member without a PIN; it becomes active under a new token (cookie set, accessToken answered) and this browser ' +
          '(its x-device-id header) is trusted for PIN sign-in. A member who has a PIN, or a pending session opened for anything else, answers 409 PIN_ALREADY_SET; ' +
          'an active session of a member without a PIN answers 403 FORBIDDEN (POST /api/pin/create is for them). Without a session it answers 401 UNAUTHENTICATED, ' +
          'and calls are rate limited per minute per client address (429 RATE_LIMITED).',
        body: createPinBodySchema,
        response: { 200: signInAnswerSchema, ...errorAnswers([400, 401, 403, 404, 409, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { session, user } = signedIn(request);
      // A signed-in member without a PIN uses /api/pin/create; this completes a new member's sign-in.
      if (session.status === 'active') throw new AppError(user.pinHash ? 'PIN_ALREADY_SET' : 'FORBIDDEN');
      const opened = await createPin({ context, user, session, pin: request.body.pin, deviceHash: deviceHashOf(request) });
      if (!opened) throw new AppError('PIN_ALREADY_SET');
      return answerSignIn({ request, reply, context, user, opened, isNewUser: session.pendingReason === 'create-pin' });
    },
  );

  app.post(
    '/api/pin/create',
    {
      config,
      preHandler: [limits, app.requireSession()],
      schema: {
        tags: ['pin'],
        operationId: 'createPin',
        summary: 'Sets the PIN of a signed-in member who has none',
        description:
          'Needs an active member session (a pending one answers 401 LOGIN_PENDING); this browser (its x-device-id header) becomes trusted for PIN sign-in. ' +
          'A member who already has a PIN answers 409 PIN_ALREADY_SET, and calls are rate limited per minute per client address (429 RATE_LIMITED).',
        body: createPinBodySchema,
        response: { 204: z.null(), ...errorAnswers([400, 401, 404, 409, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { session, user } = signedIn(request);
      await createPin({ context, user, session, pin: request.body.pin, deviceHash: deviceHashOf(request) });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/pin/change',
    {
      config,
      preHandler: [limits, app.requireSession()],
      schema: {
        tags: ['pin'],
        operationId: 'changePin',
        summary: 'Changes the PIN; a wrong current PIN counts toward the PIN lock',
        description:
          `Needs an active member session. A wrong current PIN answers 400 PIN_INVALID with attemptsRemaining, and ${PIN_LOCK_AT_ATTEMPT} wrong in a row lock the PIN for ${PIN_LOCK_MINUTES} minutes ` +
          '(429 PIN_LOCKED); a new PIN equal to the current one answers 400 VALIDATION_FAILED. ' +
          'Once changed, every other session of the member is signed out and the member is sent a message that the PIN changed.',
        body: changePinBodySchema,
        response: { 204: z.null(), ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user, session } = signedIn(request);
      await changePin({ context, user, session, pin: request.body.pin, newPin: request.body.newPin, notice: { merchant: siteOf(request).merchant, language: languageOf(request) } });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/pin/reset',
    {
      config,
      preHandler: [limits, app.requireSession({ allowPending: true })],
      schema: {
        tags: ['pin'],
        operationId: 'resetPin',
        summary: 'Sets a new PIN after a reset code, clears the PIN lock and completes the sign-in',
        description:
          'Needs the pending session a PIN-reset code opened (verify-pin-otp, or verify-otp with type reset-pin); any other session answers 403 FORBIDDEN, none 401 UNAUTHENTICATED. ' +
          'No current PIN is asked. The session becomes active under a new token (cookie set, accessToken answered), this browser (its x-device-id header) is trusted for PIN sign-in, ' +
          'every other session of the member is signed out, and the member is sent a message that the PIN changed.',
        body: resetPinBodySchema,
        response: { 200: signInAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { session, user } = signedIn(request);
      const opened = await resetPin({ context, user, session, pin: request.body.pin, deviceHash: deviceHashOf(request), notice: { merchant: siteOf(request).merchant, language: languageOf(request) } });
      return answerSignIn({ request, reply, context, user, opened, isNewUser: false });
    },
  );
};
