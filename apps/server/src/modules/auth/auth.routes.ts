import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import {
  checkCredentialAnswerSchema,
  checkCredentialBodySchema,
  loginByPinBodySchema,
  requestResetPinBodySchema,
  verifyOtpAnswerSchema,
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
import { MINUTE_MS, OTP_LOCK_MINUTES, OTP_REQUESTS_START, PIN_LOCK_AT_ATTEMPT, PIN_LOCK_MINUTES } from '@kartu/core';
import { LOGIN_LOCK_AT_ATTEMPT, LOGIN_LOCK_MS, OTP_EXPIRES_SECONDS, OTP_REQUEST_WINDOW_MS, PENDING_SESSION_MS } from './auth.constants.ts';
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
        description:
          `Public, but type register-phone needs an active member session (401 UNAUTHENTICATED); the Host header selects the merchant. The code is valid ${OTP_EXPIRES_SECONDS} seconds, ` +
          'replaces any earlier code of the same type, and can only be entered from the device that asked for it (its x-device-id header). ' +
          `An identifier may ask for ${OTP_REQUESTS_START} codes within ${OTP_REQUEST_WINDOW_MS / MINUTE_MS} minutes of the first, counting every type, request-reset-pin’s included; ` +
          `the next request is refused and locks requests for ${OTP_LOCK_MINUTES} minutes (429 OTP_REQUESTS_LOCKED). ` +
          'A device under the failed-login lock answers 429 LOGIN_LOCKED, and calls are rate limited per minute, per client address and per identifier (429 RATE_LIMITED).',
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
        description:
          'Public; the Host header selects the merchant. The code goes only to a registered identifier, but the answer is the same either way, so it does not tell who is registered. ' +
          `Requests count together with check-credential’s: ${OTP_REQUESTS_START} within ${OTP_REQUEST_WINDOW_MS / MINUTE_MS} minutes, then a ${OTP_LOCK_MINUTES}-minute lock (429 OTP_REQUESTS_LOCKED); ` +
          'a device under the failed-login lock answers 429 LOGIN_LOCKED.',
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
        description:
          'Public for types login (a new identifier becomes a member of the merchant the Host header selects) and reset-pin; type register-phone needs an active member session ' +
          '(401 UNAUTHENTICATED), answers the session with the phone added, or 409 PHONE_TAKEN. ' +
          `The code must come from the device that asked for it (its x-device-id header): a wrong one answers 400 OTP_INVALID with attemptsRemaining, and ${LOGIN_LOCK_AT_ATTEMPT} wrong in a row ` +
          `lock code sign-in on that device for ${LOGIN_LOCK_MS / MINUTE_MS} minutes (429 LOGIN_LOCKED); an expired code (400 OTP_EXPIRED) and a code from another device (400 OTP_INVALID) are not counted. ` +
          `A login or reset code opens a pending session of ${PENDING_SESSION_MS / MINUTE_MS} minutes, with which routes for a signed-in member answer 401 LOGIN_PENDING; ` +
          'an account being deleted answers 403 FORBIDDEN.',
        body: verifyOtpBodySchema,
        response: { 200: verifyOtpAnswerSchema, ...errorAnswers([400, 401, 404, 409, 429, 500] as const) },
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
        description:
          'Public; the Host header selects the merchant. The code must come from the device that asked for it (its x-device-id header): a wrong one answers 400 OTP_INVALID with attemptsRemaining, ' +
          `and ${LOGIN_LOCK_AT_ATTEMPT} wrong in a row lock code sign-in on that device for ${LOGIN_LOCK_MS / MINUTE_MS} minutes (429 LOGIN_LOCKED); an expired one answers 400 OTP_EXPIRED. ` +
          `The pending session lasts ${PENDING_SESSION_MS / MINUTE_MS} minutes, for POST /api/pin/reset; an account being deleted answers 403 FORBIDDEN.`,
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
        description:
          'Public; the Host header selects the merchant. The browser must be one the member already entered or set a PIN on (its x-device-id header), or carry the pending session of a login code ' +
          'just passed; otherwise 403 NEW_DEVICE, whether or not the identifier is registered. ' +
          `A wrong PIN answers 400 PIN_INVALID with attemptsRemaining, and ${PIN_LOCK_AT_ATTEMPT} wrong in a row lock the PIN for ${PIN_LOCK_MINUTES} minutes (429 PIN_LOCKED); ` +
          'an account being deleted answers 403 FORBIDDEN. Calls are rate limited per minute, per client address and per identifier (429 RATE_LIMITED).',
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
