import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billerWebhookAnswerSchema, billerWebhookParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { AppError } from '../../lib/app-error.ts';
import { billerCallback } from './pay-bill.ts';

/** The biller's callbacks about pending payments (docs/decisions/047-bills.md). */
export const billerWebhookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, biller }) => {
  // A signature covers the bytes sent, so this plugin's JSON bodies are kept as received.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/billers/:provider',
    {
      schema: {
        tags: ['bills'],
        operationId: 'notifyBill',
        summary: "The biller's message about a pending payment, signed by the biller; a message delivered again changes nothing",
        description:
          "Called by the biller, not by members or merchants. Nothing is read or written before the signature is checked (401 UNAUTHENTICATED); a biller other than the one configured answers 404 NOT_FOUND. A message about no payment of ours, or one settled already, changes nothing. A failure gives the card back what it spent.",
        params: billerWebhookParamsSchema,
        body: z.string().meta({ type: 'object', additionalProperties: true, description: "The biller's JSON callback, exactly as it signed it" }),
        response: { 200: billerWebhookAnswerSchema, ...errorAnswers([400, 401, 404, 500] as const) },
      },
    },
    async (request) => {
      if (request.params.provider !== biller.name) throw new AppError('NOT_FOUND', { message: 'This biller is not configured' });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
      const settled = await billerCallback({ db, biller, body: request.body, headers, now: clock.now() });
      if (settled === null) throw new AppError('UNAUTHENTICATED', { message: 'The signature is not the biller’s' });
      return { outcome: settled ? 'settled' : 'ignored' } as const;
    },
  );
};
