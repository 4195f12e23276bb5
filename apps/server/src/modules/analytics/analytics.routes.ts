import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberEventBodySchema } from '@kartu/contracts';
import { z } from 'zod';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { merchantOf, signedIn } from '../auth/auth.http.ts';
import { recordAddToCart } from '../catalog/catalog.service.ts';

/** What the app tells the server the member did, checked and recorded for the merchant's reports. */
export const analyticsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.post(
    '/api/v2/events',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['analytics'],
        summary: "Records what the member did for the merchant's reports: add_to_cart, a product of the card's catalog put in the cart",
        body: memberEventBodySchema,
        response: { 202: z.null(), ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { cardId, productId, quantity } = request.body;
      await recordAddToCart({ db, merchantId: merchantOf(request).id, userId: user.id, cardId, productId, quantity, now: clock.now() });
      return reply.status(202).send(null);
    },
  );
};
