import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import {
  checkCredentialAnswerSchema,
  checkCredentialBodySchema,
  loginByPinBodySchema,
  requestResetPinBodySchema,
  sessionAnswerSchema,
  signInAnswerSchema,
  verifyOtpBodySchema,
  verifyPinOtpBodySchema,
} from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import { answerSignIn, deviceHashOf, languageOf, sessionAnswer, signInRoutes } from './auth.http.ts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { phoneToRegister, signInIdentifier } from './identifier.ts';
import { sendCode } from './otp.service.ts';
import { signInWithPin } from './pin.service.ts';
import { registerPhone, signInWithCode, startPinReset } from './sign-in.service.ts';

/** One-time codes and PIN sign-in (spec app-core §4 OTP flow and PIN login, §7 api/auth/*). */
export const authRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'codeSecret' | 'outboxSealKey'>> = async (app, context) => {
  const { config, limits } = signInRoutes(app, context);

  app.post(
    '/api/auth/check-credential',
    {
      config,
      preHandler: [limits, app.loadSession],
      schema: {
        tags: ['auth'],
        operationId: 'sendCode',
        summary: 'Sends a one-time code to a phone or e-mail (3 requests, then a 3-minute lock)',
        body: checkCredentialBodySchema,
        response: { 200: checkCredentialAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { type, senderType } = request.body;
      // Adding a phone is for a signed-in member; the other codes are for anyone.
      if (type === 'register-phone' && request.session?.status !== 'active') throw new AppError('UNAUTHENTICATED');
      const merchant = siteOf(request).merchant;
      return sendCode({
        context,
        merchant,
        identifier: type === 'register-phone' ? phoneToRegister(request.body, merchant) : signInIdentifier(request.body, merchant),
        purpose: type,
        senderType,
        language: languageOf(request),
        deviceHash: deviceHashOf(request),
      });
    },
  );

  app.post(
    '/api/auth/request-reset-pin',
    {
      config,
      preHandler: limits,
      schema: {
        tags: ['auth'],
        operationId: 'sendPinResetCode',
        summary: 'Sends a code to reset the PIN; same answer and limits as check-credential',
        body: requestResetPinBodySchema,
        response: { 200: checkCredentialAnswerSchema, ...errorAnswers([400, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const merchant = siteOf(request).merchant;
      return sendCode({
        context,
        merchant,
        identifier: signInIdentifier(request.body, merchant),
        purpose: 'reset-pin',
        senderType: request.body.senderType,
        language: languageOf(request),
        deviceHash: deviceHashOf(request),
      });
    },
  );

  app.post(
    '/api/auth/verify-otp',
    {
      config,
      preHandler: [limits, app.loadSession],
      schema: {
        tags: ['auth'],
        operationId: 'verifyCode',
        summary: 'Checks a login code and opens a pending session (the PIN completes it), or adds a phone',
        body: verifyOtpBodySchema,
        response: { 200: signInAnswerSchema.or(sessionAnswerSchema), ...errorAnswers([400, 401, 404, 409, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const merchant = siteOf(request).merchant;
      const { type, otp } = request.body;
      if (type === 'register-phone') {
        const phone = phoneToRegister(request.body, merchant);
        if (!request.user) throw new AppError('UNAUTHENTICATED');
        request.user = await registerPhone({ context, user: request.user, session: request.session, identifier: phone, code: otp, deviceHash: deviceHashOf(request) });
        return sessionAnswer(request);
      }
      const identifier = signInIdentifier(request.body, merchant);
      if (type === 'reset-pin') {
        const reset = await startPinReset({ context, merchant, identifier, code: otp, deviceHash: deviceHashOf(request) });
        return answerSignIn({ request, reply, context, ...reset });
      }
      const signIn = await signInWithCode({ context, merchant, identifier, code: otp, deviceHash: deviceHashOf(request) });
      return answerSignIn({ request, reply, context, ...signIn });
    },
  );

  app.post(
    '/api/auth/verify-pin-otp',
    {
      config,
      preHandler: limits,
      schema: {
        tags: ['auth'],
        operationId: 'verifyPinResetCode',
        summary: 'Checks a PIN-reset code and opens a pending session that may only set a new PIN',
        body: verifyPinOtpBodySchema,
        response: { 200: signInAnswerSchema, ...errorAnswers([400, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const merchant = siteOf(request).merchant;
      const identifier = signInIdentifier(request.body, merchant);
      const reset = await startPinReset({ context, merchant, identifier, code: request.body.otp, deviceHash: deviceHashOf(request) });
      return answerSignIn({ request, reply, context, ...reset });
    },
  );

  app.post(
    '/api/auth/login-by-pin',
    {
      config,
      preHandler: [limits, app.loadSession],
      schema: {
        tags: ['auth'],
        operationId: 'signInWithPin',
        summary: 'Signs in with the PIN on a trusted device, or completes a code sign-in on a new one',
        body: loginByPinBodySchema,
        response: { 200: signInAnswerSchema, ...errorAnswers([400, 403, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const merchant = siteOf(request).merchant;
      const { user, opened } = await signInWithPin({
        context,
        merchant,
        identifier: signInIdentifier(request.body, merchant),
        pin: request.body.pin,
        deviceHash: deviceHashOf(request),
        currentSession: request.session,
      });
      return answerSignIn({ request, reply, context, user, opened, isNewUser: false });
    },
  );
};
