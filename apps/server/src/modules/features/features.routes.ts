import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { featureEligibilitiesSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { listFeatureEligibilities } from './features.service.ts';

/** Which features of the app are locked for the member (spec: app-core §2 Guards, §7; decision 033). */
export const featureRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.get(
    '/api/users/feature-eligibilities',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['features'],
        operationId: 'listFeatureEligibilities',
        summary: 'Every feature of the app, locked or open for the member',
        description:
          "Needs the member's session. Lists every feature the app knows, at the merchant the Host header selects. isLocked is true while the merchant keeps the feature closed: to everyone (unlock kind closed), or until an active card of a program reaches a level (unlock kind level, with the member's card of that program when there is one). The app sends a page of a locked feature to /feature-locked, and treats a failed call as nothing locked.",
        response: { 200: featureEligibilitiesSchema, ...errorAnswers([401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await listFeatureEligibilities({ db, merchantId: siteOf(request).merchant.id, userId: signedIn(request).user.id, now: clock.now() }) }),
  );
};
