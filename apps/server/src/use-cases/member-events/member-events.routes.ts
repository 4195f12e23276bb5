import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import { memberEventBodySchema } from '@kartu/contracts';
import { z } from 'zod';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { recordAddToCart, recordCatalogSearch } from '../../modules/catalog/catalog.service.ts';
import { recordCardView } from './card-view.ts';

/**
 * POST /api/v2/events: what the app tells the server the member did in a card's shop, checked by the
 * catalog and recorded by the analytics sink for the merchant's reports.
 */
export const memberEventsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.post(
    '/api/v2/events',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['analytics'],
        operationId: 'recordEvent',
        summary: "Records what the member did for the merchant's reports: add_to_cart, a product of the card's catalog put in the cart; search_item, a search of the card's catalog; view_card_detail, a card's page opened",
        description:
          'Needs an active member session. The card must be one of the member’s (404 CARD_NOT_FOUND); for add_to_cart and search_item its program must show its shop (403 SHOP_NOT_AVAILABLE), ' +
          'and an add_to_cart product must be on sale in that catalog (404 PRODUCT_NOT_FOUND); a search is recorded with how many products it finds. ' +
          'It answers 202 with no body.',
        body: memberEventBodySchema,
        response: { 202: z.null(), ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const event = request.body;
      const member = { db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: event.cardId, now: clock.now() };
      if (event.name === 'add_to_cart') await recordAddToCart({ ...member, productId: event.productId, quantity: event.quantity });
      else if (event.name === 'search_item') await recordCatalogSearch({ ...member, query: event.query });
      else await recordCardView(member);
      return reply.status(202).send(null);
    },
  );
};
