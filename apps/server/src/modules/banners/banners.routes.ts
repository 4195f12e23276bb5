import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bannerListSchema, cardBannerParamsSchema, type BannerPlacement } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { listCardBanners } from './banners.service.ts';

const whose = "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND.";

/** A card's banners: the row on its page and the in-app banner over it (spec: app-core §7; decision 034). */
export const bannerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  const bannersOf = (request: FastifyRequest, cardId: string, placement: BannerPlacement) =>
    listCardBanners({ db, merchantId: siteOf(request).merchant.id, userId: signedIn(request).user.id, cardId, placement, now: clock.now() });

  app.get(
    '/api/v2/cards/:cardId/banners',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['banners'],
        operationId: 'listCardBanners',
        summary: "The banners in a card's page row, showing now",
        description: `${whose} Lists the banners the merchant shows on the cards of this card's program, between their start and end, in the merchant's order; an empty list when there are none. Each picture comes at 480 and 960 pixels wide (16:9) for the screen to choose.`,
        params: cardBannerParamsSchema,
        response: { 200: bannerListSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await bannersOf(request, request.params.cardId, 'card') }),
  );

  app.get(
    '/api/v2/cards/:cardId/in-app-banners',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['banners'],
        operationId: 'listCardInAppBanners',
        summary: "The in-app banners of a card, showing now",
        description: `${whose} Lists the in-app banners of this card's program showing now, in the merchant's order. The app reads them once per card and shows one on each visit of the card's page, the next each time (a counter per card on the device), until the member dismisses it.`,
        params: cardBannerParamsSchema,
        response: { 200: bannerListSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await bannersOf(request, request.params.cardId, 'in_app') }),
  );
};
