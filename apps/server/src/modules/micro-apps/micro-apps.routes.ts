import { microAppTokenAnswerSchema, microAppTokenBodySchema } from '@kartu/contracts';
import { errorAnswers } from '../../http/error-answers.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { issueMicroAppToken, microAppTokenSeconds } from './micro-apps.service.ts';

/** A micro app's token for the signed-in member (spec: app-core §7 api/integrations/micro-app; decision 040). */
export const microAppRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'microAppSealKey'>> = async (app, { db, clock, microAppSealKey }) => {
  app.post(
    '/api/integrations/micro-app',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['account'],
        operationId: 'issueMicroAppToken',
        summary: 'A token that tells a micro app of the merchant who the member is',
        description: `Needs the member's session. app names one of the micro apps of the merchant the Host header selects (an app of another merchant, or none, answers 404 MICRO_APP_NOT_FOUND). The token is the member's claims (sub: the member's id, merchant: the merchant's mid, name, iat, exp) as JSON, encrypted with AES-256-GCM under that app's own key, written iv.tag.ciphertext with each part base64url: only the app can read it, and an altered one does not open. It is good for ${microAppTokenSeconds / 60} minutes.`,
        body: microAppTokenBodySchema,
        response: { 200: microAppTokenAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { merchant } = siteOf(request);
      const { user } = signedIn(request);
      const { token, expiresAt } = await issueMicroAppToken({ db, merchant: { id: merchant.id, mid: merchant.mid }, member: { id: user.id, name: user.name }, app: request.body.app, sealKey: microAppSealKey, now: clock.now() });
      return { data: { token, expiresAt: expiresAt.toISOString() } };
    },
  );
};
