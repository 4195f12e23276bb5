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
