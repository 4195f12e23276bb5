import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInAnswerSchema, ssoBodySchema } from '@kartu/contracts';
import { siteOf } from '../../http/request-context.ts';
import { answerSignIn, deviceHashOf, signInRoutes } from '../auth/auth.http.ts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { signInWithSso } from './sso.service.ts';
import { ssoClockSkewSeconds, ssoTokenMaxLifetimeSeconds } from './sso.token.ts';

export const ssoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { config, limits } = signInRoutes(app, context);
  app.post(
    '/api/auth/sso',
    {
      config,
      preHandler: limits,
      schema: {
        tags: ['auth'],
        operationId: 'signInWithSso',
        summary: 'Signs in with a token signed by the merchant’s server (single sign-on)',
        description:
          'Public; the Host header selects the merchant, one of whose active keys (the token’s kid) must have signed the token, an HS256 JWT with iss the merchant’s mid, sub and jti. ' +
          `Its exp may be at most ${ssoTokenMaxLifetimeSeconds} seconds after its iat (${ssoClockSkewSeconds} seconds of clock difference tolerated), and each jti is accepted once. ` +
          'sub finds the member, else the account with the token’s phone or e-mail (then linked to sub), else a new member; the session is active at once, with no PIN. ' +
          'Any refused token answers 401 SSO_INVALID (an account linked to another sub included), an account being deleted 403 FORBIDDEN, ' +
          'and calls are rate limited per minute per client address (429 RATE_LIMITED).',
        body: ssoBodySchema,
        response: { 200: signInAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { merchant } = siteOf(request);
      const now = context.clock.now();
      const signIn = await signInWithSso({
        db: context.db,
        merchant: { id: merchant.id, mid: merchant.mid, countryCode: merchant.countryCode },
        token: request.body.token,
        deviceHash: deviceHashOf(request),
        now,
        log: request.log,
      });
      return answerSignIn({ request, reply, context, ...signIn });
    },
  );
};
