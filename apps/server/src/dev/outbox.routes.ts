import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@kartu/contracts';
import { AppError } from '../lib/app-error.ts';
import { siteOf } from '../http/request-context.ts';
import { normaliseIdentifier } from '../modules/auth/identifier.ts';
import { outboxChannels, type OutboxMessageRow } from '../modules/outbox/outbox-messages.table.ts';
import { listOutbox } from '../modules/outbox/outbox.service.ts';
import { getSiteOfHost } from '../modules/tenancy/tenancy.service.ts';
import { outboxStylesheet, renderOutboxPage, type DevOutboxEntry } from './outbox.page.ts';
import type { AppContext } from '../http/app-context.ts';

const outboxQuerySchema = z.object({ to: z.string().trim().max(254).optional() });
const outboxEntrySchema = z.object({
  id: z.string(),
  channel: z.enum(outboxChannels),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  purpose: z.string(),
  createdAt: z.string().datetime(),
});
const pageSize = 50;

/** '0812…', '62812…' and '+62812…' find the same messages, as sign-in reads them. */
function recipientOf(to: string | undefined, merchantCountry: string): string | undefined {
  if (!to) return undefined;
  const identifierType = to.includes('@') ? 'email' : 'phone';
  try {
    return normaliseIdentifier({ identifierType, identifierValue: to }, merchantCountry).value;
  } catch (error) {
    // A development tool: an odd filter finds nothing rather than failing.
    if (error instanceof AppError) return to.toLowerCase();
    throw error;
  }
}

function toEntry(row: OutboxMessageRow): DevOutboxEntry {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    text: row.body,
    code: row.code,
    purpose: row.purpose,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The development outbox (ARCHITECTURE 'Outbound messages'): the messages of the request's
 * merchant, newest first, codes included. Registered only outside production.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  async function entries(merchant: { id: number; countryCode: string }, to: string | undefined) {
    const rows = await listOutbox({ db, merchantId: merchant.id, recipient: recipientOf(to, merchant.countryCode), limit: pageSize });
    return rows.map(toEntry);
  }

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        operationId: 'listOutboxMessages',
        summary: 'Messages the server would have sent (development only)',
        description:
          'Registered only when NODE_ENV is not production, and open to anyone who reaches the server, without a session. ' +
          `The latest ${pageSize} messages of the merchant the Host header selects, newest first; code holds a one-time code only while the development outbox is its channel’s driver. ` +
          'to keeps one recipient’s messages: a phone is read as sign-in reads it (0812…, 62812… and +62812… alike), and one that is not valid is matched as typed, in lower case.',
        querystring: outboxQuerySchema,
        response: { 200: z.object({ data: z.array(outboxEntrySchema) }), 400: errorBodySchema, 404: errorBodySchema, 500: errorBodySchema },
      },
    },
    async (request) => ({ data: await entries(siteOf(request).merchant, request.query.to) }),
  );

  app.get('/dev/outbox', { schema: { hide: true, querystring: outboxQuerySchema } }, async (request, reply) => {
    const { merchant } = await getSiteOfHost({ db, host: request.hostname });
    const to = request.query.to ?? '';
    const html = renderOutboxPage({ brand: merchant.brand, to, entries: await entries(merchant, to) });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.get('/dev/outbox.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(outboxStylesheet),
  );
};
