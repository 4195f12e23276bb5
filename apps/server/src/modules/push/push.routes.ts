import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushPublicKeySchema,
  pushRouteAnswerSchema,
  pushRouteBodySchema,
  pushSettingsBodySchema,
  pushSettingsSchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeQuerySchema,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { changePushSettings, getPushSettings, registerSubscription, routeOfPush, unregisterSubscription, vapidPublicKeyOf } from './push.service.ts';

// Push routes sit with the inbox's in the document: a push is how an inbox message reaches a closed app.
const tags = ['push'];

/** Web Push for the member's browsers (app-core §4 notification permission, §7 api/push/route; decision 037). */
export const pushRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, webPush }) => {
  const memberOf = (request: FastifyRequest) => ({ db, merchantId: siteOf(request).merchant.id, userId: signedIn(request).user.id });

  app.get(
    '/api/push/public-key',
    {
      preHandler: app.requireSession(),
      schema: {
        tags,
        operationId: 'getPushPublicKey',
        summary: "The server's VAPID public key, for the browser's push subscription",
        description:
          "Needs the member's session. The key is the applicationServerKey a browser subscribes with (PushManager.subscribe); a browser subscribed with another key (the server's key changed) subscribes again. Answers 503 PUSH_UNAVAILABLE when this server sends no pushes (no VAPID keys configured in production).",
        response: { 200: pushPublicKeySchema, ...errorAnswers([401, 404, 429, 500, 503] as const) },
      },
    },
    async () => ({ data: { publicKey: vapidPublicKeyOf(webPush) } }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      preHandler: app.requireSession(),
      schema: {
        tags,
        operationId: 'registerPushSubscription',
        summary: "Registers this browser for the member's pushes",
        description:
          "Needs the member's session. The body is the browser's PushSubscription as its toJSON() writes it: an https endpoint of a browser's push service (in production: Google's, Mozilla's, Apple's or Microsoft's) and the keys p256dh (a P-256 public key, 65 bytes) and auth (16 bytes), base64url without padding; anything else answers 400 VALIDATION_FAILED. A member keeps their 10 latest browsers. Registering the same endpoint again refreshes its keys; registered by another member (a shared phone), it moves to that member. From then on every message left in the member's inbox is pushed to it, unless the member turned that kind of message off. 503 PUSH_UNAVAILABLE when this server sends no pushes.",
        body: pushSubscriptionBodySchema,
        response: { 200: pushSubscriptionAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500, 503] as const) },
      },
    },
    async (request) => {
      const subscription = await registerSubscription({
        ...memberOf(request),
        subscription: request.body,
        userAgent: request.headers['user-agent'],
        webPush,
        now: clock.now(),
      });
      return { data: { id: subscription.id, createdAt: subscription.createdAt.toISOString() } };
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      preHandler: app.requireSession(),
      schema: {
        tags,
        operationId: 'unregisterPushSubscription',
        summary: "This browser stops receiving the member's pushes",
        description:
          "Needs the member's session; endpoint is the browser's PushSubscription endpoint. An endpoint that is not registered to the member (another member's, another merchant's, one never registered or already removed) answers 404 PUSH_SUBSCRIPTION_NOT_FOUND.",
        querystring: pushUnsubscribeQuerySchema,
        response: { 204: z.null(), ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      await unregisterSubscription({ ...memberOf(request), endpoint: request.query.endpoint });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/push/settings',
    {
      preHandler: app.requireSession(),
      schema: {
        tags,
        operationId: 'getPushSettings',
        summary: 'Which kinds of message push to the member’s browsers',
        description:
          "Needs the member's session. Every kind of inbox message, in a fixed order, with whether it is pushed: all are on until the member turns one off (business-rules §2 notification settings). A kind turned off still reaches the inbox.",
        response: { 200: pushSettingsSchema, ...errorAnswers([401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await getPushSettings(memberOf(request)) }),
  );

  app.patch(
    '/api/push/settings',
    {
      preHandler: app.requireSession(),
      schema: {
        tags,
        operationId: 'changePushSettings',
        summary: 'Turns kinds of message on or off for push',
        description:
          "Needs the member's session. Changes the kinds given (a kind named twice takes the last value); the others stay as they are. Answers every kind after the change. The settings are the member's, for all of their browsers.",
        body: pushSettingsBodySchema,
        response: { 200: pushSettingsSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await changePushSettings({ ...memberOf(request), kinds: request.body.kinds, now: clock.now() }) }),
  );

  app.post(
    '/api/push/route',
    {
      preHandler: app.requireSession(),
      schema: {
        tags,
        operationId: 'routeOfPush',
        summary: 'The app page a push opens, from its routeName and ids',
        description:
          "Needs the member's session (app-core §7). routeName is one of cards, notifications, egifts, settings, profile; a card's page cards-cardId, cards-cardId-levels, cards-cardId-transaction-history, cards-cardId-catalogs, cards-cardId-egifts, cards-cardId-privileges or cards-cardId-vouchers with cardId (24 lowercase letters and digits, app-core §5); or a store rating's detailTransaction with transactionId. An unknown routeName, or a missing or malformed id, answers 400 PUSH_ROUTE_INVALID; a card that is not in the member's wallet 404 CARD_NOT_FOUND, a transaction that moved none of the member's cards 404 NOT_FOUND. The url is the app's path; the app moves a v2 merchant's member to the /v2 page.",
        body: pushRouteBodySchema,
        response: { 200: pushRouteAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ url: await routeOfPush({ ...memberOf(request), route: request.body }) }),
  );
};
