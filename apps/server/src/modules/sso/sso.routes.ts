import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInAnswerSchema, ssoBodySchema } from '@kartu/contracts';
import { siteOf } from '../../http/request-context.ts';
import { answerSignIn, deviceHashOf, signInRoutes } from '../auth/auth.http.ts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { signInWithSso } from './sso.service.ts';

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
