import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartQuoteBodySchema, cartQuoteSchema, catalogCardParamsSchema, catalogPageSchema, catalogQuerySchema, productAnswerSchema, productParamsSchema } from '@kartu/contracts';
import { PRECIOUS_METAL_MAX_PER_TRANSACTION } from '@kartu/core';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { sendCachedAnswer, sendJsonText } from '../../http/json-text.ts';
import { changeTags } from '../../lib/change-feed.ts';
import { TaggedCache } from '../../lib/tagged-cache.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { assertPriceRange, catalogProgramOfCard, getCatalogPage, getProduct, priceCart, type CatalogQueryInput } from './catalog.service.ts';

/** How late another instance's catalog change may show when the change relay is down. */
export const catalogCacheTtlMs = 30_000;

/** A card's catalog and the pricing of a member's cart (spec: app-core §2 catalogs; decision 020). */
export const catalogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  // Catalog pages as sent, per program and query: the same for every member of the program, so the
  // shop's first page is read from the database once, not once per member. A change to the program's
  // catalog drops them (lib/change-feed.ts). Which program a member's card shows is kept beside it,
  // dropped when the card or the member's wallet changes, so ownership is still checked per member.
  const catalogPages = new TaggedCache<string>({ maxEntries: 5_000 });
  const cardPrograms = new TaggedCache<string>({ maxEntries: 50_000 });
  app.addHook('onClose', async () => {
    catalogPages.close();
    cardPrograms.close();
  });
  const cardProgramKey = (merchantId: number, userId: string, cardId: string) => `${merchantId}:${userId}:${cardId}`;
  // Every field in a fixed order, so that the same query in another order finds the same page.
  const pageKey = (programId: string, query: CatalogQueryInput) =>
    JSON.stringify([programId, query.q ?? '', query.categoryId ?? '', query.type ?? '', query.sort, query.minPrice ?? '', query.maxPrice ?? '', query.cursor ?? '', query.limit]);

  app.get(
    '/api/v2/cards/:cardId/catalogs',
    {
      // A page already sent for the card's program is sent again from here, before the usual
      // pipeline, as the wallet does (cards.routes.ts); anything else goes on through it.
      preParsing: (request, reply, payload, done) => {
        const live = app.cachedActiveSession(request);
        const params = catalogCardParamsSchema.safeParse(request.params);
        const query = catalogQuerySchema.safeParse(request.query);
        const now = clock.now().getTime();
        const programId = live && params.success && request.site ? cardPrograms.get(cardProgramKey(request.site.merchant.id, live.user.id, params.data.cardId), now) : undefined;
        const body = programId && query.success ? catalogPages.get(pageKey(programId, query.data), now) : undefined;
        if (!sendCachedAnswer(request, reply, { live, body })) done(null, payload);
      },
      preHandler: app.requireSession(),
      schema: {
        tags: ['catalog'],
        operationId: 'listProducts',
        summary: "One page of a card's catalog: search, category, type, a points price range and an order; with the categories on sale",
        description: "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND, and a card whose program opens no shop 403 SHOP_NOT_AVAILABLE. A page holds 1 to 50 products (limit, 20 by default); pass nextCursor back as cursor (a malformed cursor answers 400 VALIDATION_FAILED). minPrice and maxPrice compare points, so products priced only in money are left out while either is set, and minPrice above maxPrice answers 400 CATALOG_PRICE_RANGE. categories lists every category with products on sale, whatever the filter.",
        params: catalogCardParamsSchema,
        querystring: catalogQuerySchema,
        response: { 200: catalogPageSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const merchantId = siteOf(request).merchant.id;
      const { cardId } = request.params;
      const query = request.query;
      assertPriceRange(query);
      const now = clock.now().getTime();
      const programKey = cardProgramKey(merchantId, user.id, cardId);
      let programId = cardPrograms.get(programKey, now);
      if (programId === undefined) {
        const ticket = cardPrograms.ticket();
        programId = await catalogProgramOfCard({ db, merchantId, userId: user.id, cardId });
        cardPrograms.set(programKey, programId, { tags: [changeTags.card(cardId), changeTags.wallet(user.id)], validUntil: now + catalogCacheTtlMs, ticket });
      }
      const key = pageKey(programId, query);
      let body = catalogPages.get(key, now);
      if (body === undefined) {
        const ticket = catalogPages.ticket();
        const page = await getCatalogPage({ db, merchantId, programId, query });
        body = JSON.stringify(catalogPageSchema.encode(page));
        catalogPages.set(key, body, { tags: [changeTags.catalog(programId)], validUntil: now + catalogCacheTtlMs, ticket });
      }
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/api/v2/cards/:cardId/catalogs/:productType/:productId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['catalog'],
        operationId: 'getProduct',
        summary: "One product of a card's catalog, with its description, terms and photo",
        description: `Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND, and a card whose program opens no shop 403 SHOP_NOT_AVAILABLE. A product that is not on sale in the card's program, or is not of the type the path names, answers 404 PRODUCT_NOT_FOUND. maxPerOrder already counts the stock and, for precious metals, the cap of ${PRECIOUS_METAL_MAX_PER_TRANSACTION} per transaction.`,
        params: productParamsSchema,
        response: { 200: productAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cardId, productType, productId } = request.params;
      return { data: await getProduct({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId, productType, productId }) };
    },
  );

  app.post(
    '/api/v2/cards/:cardId/carts/quote',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['catalog'],
        operationId: 'quoteCart',
        summary: "Prices the member's cart as the products are now: its lines, subtotal in points and money, and every rule it breaks",
        description: `Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND, and a card whose program opens no shop 403 SHOP_NOT_AVAILABLE. Prices are the catalog's as it is now, never the client's, but for the value chosen for a custom-value product; items naming the same product are added up into one line. A cart that breaks a rule is not refused: problems names each (a product not on sale, out of stock or above its maximum, more than ${PRECIOUS_METAL_MAX_PER_TRANSACTION} precious-metal items, physical items with e-vouchers, an exclusive category mixed with others, a custom value missing or out of its range) and isValid is false. Sums too large to answer exactly are refused with 422 UNPROCESSABLE.`,
        params: catalogCardParamsSchema,
        body: cartQuoteBodySchema,
        response: { 200: cartQuoteSchema, ...errorAnswers([400, 401, 403, 404, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const currency = siteOf(request).merchant.currency.code;
      const { quote } = await priceCart({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId, items: request.body.items, currency });
      return quote;
    },
  );
};
