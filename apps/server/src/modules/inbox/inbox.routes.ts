import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inboxListQuerySchema, inboxMessageAnswerSchema, inboxMessageParamsSchema, inboxPageSchema, unreadInboxSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { countUnreadMessages, deleteMessage, listInbox, readAllMessages, readMessage } from './inbox.service.ts';

const notFound = "A message of another member or of another merchant than the Host header's, a deleted one, or an id that is not a message's answers 404 INBOX_MESSAGE_NOT_FOUND.";

/** The member's inbox (spec: app-core §2 /notifications, §7 api/v2/inbox/unreads-inbox; decision 031). */
export const inboxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  const inboxOf = (request: FastifyRequest) => ({ db, merchantId: siteOf(request).merchant.id, userId: signedIn(request).user.id });

  app.get(
    '/api/v2/inbox',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['inbox'],
        operationId: 'listInbox',
        summary: "The member's messages, newest first, by cursor",
        description:
          "Needs the member's session; only the member's own messages at the merchant the Host header selects, never a deleted one. A page holds 1 to 50 messages (limit, 20 by default); pass nextCursor back as cursor (a malformed cursor answers 400 VALIDATION_FAILED). cardId keeps one card's messages (a card that is not the member's has none). A system message carries facts by kind, not words: the app words them in the member's language.",
        querystring: inboxListQuerySchema,
        response: { 200: inboxPageSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { cursor, limit, cardId } = request.query;
      return listInbox({ ...inboxOf(request), cursor, limit, cardId });
    },
  );

  app.get(
    '/api/v2/inbox/unreads-inbox',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['inbox'],
        operationId: 'countUnreadInbox',
        summary: "How many of the member's messages are unread: the header's badge",
        description: "Needs the member's session; counts the member's unread messages at the merchant the Host header selects, deleted ones left out. The count is exact; the app shows 99+ above 99, and 0 when this call fails.",
        response: { 200: unreadInboxSchema, ...errorAnswers([401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: { count: await countUnreadMessages(inboxOf(request)) } }),
  );

  app.post(
    '/api/v2/inbox/:messageId/read',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['inbox'],
        operationId: 'readInboxMessage',
        summary: 'Marks one message read and answers it',
        description: `Needs the member's session. Reading a message again changes nothing: readAt stays the time of the first reading, so a retry is safe. ${notFound}`,
        params: inboxMessageParamsSchema,
        response: { 200: inboxMessageAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await readMessage({ ...inboxOf(request), messageId: request.params.messageId, now: clock.now() }) }),
  );

  app.post(
    '/api/v2/inbox/read-all',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['inbox'],
        operationId: 'readAllInboxMessages',
        summary: "Marks every message of the member's inbox read and answers the unread count after",
        description:
          "Needs the member's session; only the member's own messages at the merchant the Host header selects. Messages read before keep their readAt. The count answered is 0 unless a message arrived meanwhile, so the badge can be set from it without another call.",
        response: { 200: unreadInboxSchema, ...errorAnswers([401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: { count: await readAllMessages({ ...inboxOf(request), now: clock.now() }) } }),
  );

  app.delete(
    '/api/v2/inbox/:messageId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['inbox'],
        operationId: 'deleteInboxMessage',
        summary: "Takes a message out of the member's inbox",
        description: `Needs the member's session. The message leaves the list and the unread count for good; deleting it again answers 404, as it is no longer there. ${notFound}`,
        params: inboxMessageParamsSchema,
        response: { 204: z.null(), ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      await deleteMessage({ ...inboxOf(request), messageId: request.params.messageId, now: clock.now() });
      return reply.status(204).send(null);
    },
  );
};
