import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationMessageAnswerSchema, integrationMessageBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { sendMerchantMessage } from './inbox.service.ts';

/** The merchant's own messages to its members' inboxes (docs/integration.md). */
export const integrationInboxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
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
};
