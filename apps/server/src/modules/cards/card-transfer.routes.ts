import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardParamsSchema, transferAnswerSchema, transferBodySchema, transferPreviewSchema, transferRecipientBodySchema } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../http/app-context.ts';
import { merchantOf, signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { previewTransfer, transferPoints } from './card-transfer.service.ts';

const idempotencyKeyHeader = 'idempotency-key';
// Visible ASCII only, as the IETF Idempotency-Key draft expects; long enough for any UUID or ULID.
const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

function idempotencyKeyOf(value: string | string[] | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !idempotencyKeyPattern.test(value)) {
    const message = 'The Idempotency-Key header must be 1 to 255 visible characters';
    throw new AppError('VALIDATION_FAILED', { message, details: [{ field: `headers.${idempotencyKeyHeader}`, rule: 'invalid_format', message }] });
  }
  return value;
}

/** Transfer points to another member: who receives them, then the PIN-confirmed transfer. spec: app-core §2 transfer-point */
export const cardTransferRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.post(
    '/api/v2/cards/:id/transfer/preview',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        summary: 'Finds the member who would receive a transfer, with their name and phone masked',
        params: cardParamsSchema,
        body: transferRecipientBodySchema,
        response: { 200: transferPreviewSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { phone, countryCode } = request.body;
      return previewTransfer({ db: context.db, merchant: merchantOf(request), user, cardId: request.params.id, phone, countryCode });
    },
  );

  app.post(
    '/api/v2/cards/:id/transfer',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        summary: 'Transfers points to another member after the PIN; needs an Idempotency-Key header, and a retry answers the first result',
        params: cardParamsSchema,
        body: transferBodySchema,
        response: { 201: transferAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const answer = await transferPoints({
        context,
        merchant: merchantOf(request),
        user,
        cardId: request.params.id,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request.headers[idempotencyKeyHeader]),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer.body);
    },
  );
};
