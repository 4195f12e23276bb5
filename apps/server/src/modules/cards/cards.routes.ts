import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardListAnswerSchema, cardListQuerySchema, cardParamsSchema, cardRegistrationBodySchema, type CardListQuery } from '@kartu/contracts';
import { REGISTRATION_ANSWER_MAX_LENGTH } from '@kartu/core';
import type { AppContext } from '../../http/app-context.ts';
import { sendCachedAnswer, sendJsonText } from '../../http/json-text.ts';
import { siteOf } from '../../http/request-context.ts';
import { changeTags } from '../../lib/change-feed.ts';
import { TaggedCache } from '../../lib/tagged-cache.ts';
import { signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { cardActions, applyCardAction, type CardAction } from './card-actions.service.ts';
import { cardsPerPage, listCards } from './card-list.service.ts';
import { saveRegistration } from './card-registration.service.ts';

/** How long a wallet page is sent again without reading it anew, unless a change drops it first. */
export const cardListCacheTtlMs = 10_000;

/** Where each card action puts the card, for its operation's description. */
const cardActionEffects: Record<CardAction, string> = {
  hide: 'The card leaves the active view for the hidden one; an archived card stays in the archived view, which wins over hidden.',
  unhide: 'The card comes back to the active view, unless it is archived: the archived view wins over hidden.',
  archive: 'The card moves to the archived view, whether or not it is hidden.',
  unarchive: 'The card leaves the archived view, for the hidden view if it is still hidden, else the active one.',
};

/** The member's wallet: card list, card page, card actions and registration. */
export const cardsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  // Wallet pages as sent, per member, view and page. A ledger entry or a change to a card of the
  // page, to which cards the member holds, or to a program of the page (its card art) drops them
  // (lib/change-feed.ts); so does value expiring; other processes' changes show within the TTL
  // when the change relay is down.
  const cardLists = new TaggedCache<string>({ maxEntries: 20_000 });
  app.addHook('onClose', async () => cardLists.close());
  const cardListKey = (merchantId: number, userId: string, { view, page }: CardListQuery) => `${merchantId}:${userId}:${view}:${page}`;

  app.get(
    '/api/v2/cards',
    {
      // The wallet is the app's home page and reloads often: a page already sent to this member is
      // sent again from here, before body parsing, validation and the session pre-handler run, but
      // after the rate limit (an onRequest hook), which counts it against the session like any call.
      // Anything this cannot settle at once (no cached session or page, a query to check) goes on
      // through the usual pipeline below, which answers it and its errors in full.
      preParsing: (request, reply, payload, done) => {
        const live = app.cachedActiveSession(request);
        const query = cardListQuerySchema.safeParse(request.query);
        const key = live && query.success && request.site ? cardListKey(request.site.merchant.id, live.user.id, query.data) : undefined;
        const body = key && cardLists.get(key, clock.now().getTime());
        if (!sendCachedAnswer(request, reply, { live, body })) done(null, payload);
      },
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'listCards',
        summary: "One page of the member's cards in a view (active, hidden or archived), 10 per page, newest first",
        description: `Needs the member's session; only the cards of the merchant the Host header names are listed. A page holds ${cardsPerPage} cards, ordered by when each card was created (issued), not when it was added; count is the view's total across pages, and a page past the end is empty. The active view leaves out hidden and archived cards, the hidden view leaves out archived ones.`,
        querystring: cardListQuerySchema,
        response: { 200: cardListAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { page, view } = request.query;
      const merchantId = siteOf(request).merchant.id;
      const now = clock.now();
      const key = cardListKey(merchantId, user.id, { view, page });
      let body = cardLists.get(key, now.getTime());
      if (body === undefined) {
        const ticket = cardLists.ticket();
        const { answer, changesAt } = await listCards({ db, merchantId, userId: user.id, view, page, now });
        // Encoded by the route's schema once, as the serialiser would on every answer.
        body = JSON.stringify(cardListAnswerSchema.encode(answer));
        const validUntil = Math.min(now.getTime() + cardListCacheTtlMs, changesAt?.getTime() ?? Infinity);
        const programs = new Set(answer.data.map((card) => card.programId));
        const tags = [changeTags.wallet(user.id), ...answer.data.map((card) => changeTags.card(card.id)), ...[...programs].map((programId) => changeTags.program(programId))];
        cardLists.set(key, body, { tags, validUntil, ticket });
      }
      return sendJsonText(reply, body);
    },
  );

  for (const action of cardActions) {
    app.post(
      `/api/v2/cards/:id/${action}`,
      {
        preHandler: app.requireSession(),
        schema: {
          tags: ['cards'],
          operationId: `${action}Card`,
          summary: `${action.charAt(0).toUpperCase()}${action.slice(1)}s a card of the member's wallet`,
          description: `Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND. ${cardActionEffects[action]} Repeating the action changes nothing and answers 204 again.`,
          params: cardParamsSchema,
          response: { 204: z.null(), ...errorAnswers([400, 401, 404, 429, 500] as const) },
        },
      },
      async (request, reply) => {
        const { user } = signedIn(request);
        await applyCardAction({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.id, action, now: clock.now() });
        return reply.status(204).send(null);
      },
    );
  }

  app.put(
    '/api/v2/cards/:id/registration',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'saveCardRegistration',
        summary: "Saves the member's answers to the card program's registration form",
        description: `Needs the member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND. The answers are checked against the program's form: 400 VALIDATION_FAILED names each field that is required and empty, or badly formed (an e-mail, phone or number, a date that is invalid or later than today, a value outside a select's options). The answers replace those saved before, keeping only the form's fields, each at most ${REGISTRATION_ANSWER_MAX_LENGTH} characters.`,
        params: cardParamsSchema,
        body: cardRegistrationBodySchema,
        response: { 204: z.null(), ...errorAnswers([400, 401, 404, 413, 415, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { answers } = request.body;
      await saveRegistration({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.id, answers, now: clock.now() });
      return reply.status(204).send(null);
    },
  );
};
