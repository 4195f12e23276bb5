import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BROADCAST_PHONES_MAX,
  integrationBroadcastAnswerSchema,
  integrationBroadcastBodySchema,
  integrationBroadcastParamsSchema,
  integrationMessageAnswerSchema,
  integrationMessageBodySchema,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { createBroadcast, getBroadcast, toIntegrationBroadcast } from './broadcasts.service.ts';
import { sendMerchantMessage } from './inbox.service.ts';

/** The merchant's own messages to its members' inboxes, to one member or many (docs/integration.md). */
export const integrationInboxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { db } = options;

  idempotentWriteRoute(app, options, {
    url: '/messages',
    operationId: 'sendInboxMessage',
    summary: "Leaves a message in the inbox of the member with this phone, in the merchant's own words",
    description:
      "Only a member of the API key's merchant receives it: a phone with no member here answers 404 NOT_FOUND, and a phone not in E.164 form 400 VALIDATION_FAILED. title (1 to 120 characters) and text (1 to 2,000) are shown as written, in no other language; link, when given, is a path of the app the message opens (e.g. /cards), not a web address. The message is unread until the member opens it.",
    scope: 'messages',
    body: integrationMessageBodySchema,
    status: 201,
    answer: integrationMessageAnswerSchema,
    run: async ({ tx, merchantId, body, now }) => {
      const message = await sendMerchantMessage({ tx, merchantId, ...body, now });
      return { data: { id: message.id, createdAt: message.createdAt.toISOString() } };
    },
  });

  // Accepted, not done: the messages are written by the job workers, page by page.
  idempotentWriteRoute(app, options, {
    url: '/broadcasts',
    operationId: 'sendBroadcast',
    summary: "Sends a message in the merchant's own words to many members: every member, the holders of a level, or a list of phones",
    description: `The broadcast is queued and answered at once (202, status queued); the servers' job workers then leave one message in the inbox of each member of the audience, a thousand members a page, and GET /broadcasts/{broadcastId} tells how far they are. audience is one of: {"kind":"everyone"}, every member holding a card of the API key's merchant; {"kind":"level","programId":…,"levelRank":…}, the members whose card of that program holds that level when their page is written (a program of another merchant answers 404 NOT_FOUND, a rank that is none of its levels 422 UNPROCESSABLE); {"kind":"phones","phones":[…]}, the members of the merchant among 1 to ${BROADCAST_PHONES_MAX.toLocaleString('en-US')} phones in E.164 form (a phone that is no member's is passed over). title (1 to 120 characters) and text (1 to 2,000) are shown as written, in no other language; link, when given, is a path of the app, not a web address. A member gets the broadcast once, however the sending is interrupted and resumed; an account being deleted gets nothing.`,
    scope: 'broadcasts',
    body: integrationBroadcastBodySchema,
    status: 202,
    answer: integrationBroadcastAnswerSchema,
    run: async ({ tx, merchantId, body, now }) => ({ data: toIntegrationBroadcast(await createBroadcast({ tx, merchantId, ...body, now })) }),
  });

  app.get(
    '/broadcasts/:broadcastId',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'getBroadcast',
        summary: 'How far a broadcast has gone: its status and the messages written so far',
        description:
          "status is queued until the first page of members is written, sending while pages are, and done (with finishedAt) once every member of the audience has the message; sent counts the messages written. A broadcast of another merchant, or an id that is none, answers 404 NOT_FOUND.",
        security: integrationSecurity,
        params: integrationBroadcastParamsSchema,
        response: { 200: integrationBroadcastAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: toIntegrationBroadcast(await getBroadcast({ db, merchantId: holderOf(request).merchantId, broadcastId: request.params.broadcastId })) }),
  );
};
