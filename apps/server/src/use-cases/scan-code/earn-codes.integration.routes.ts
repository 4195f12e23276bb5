import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  earnCodeAnswerSchema,
  earnCodeBodySchema,
  earnCodeParamsSchema,
  uniqueCodeBatchAnswerSchema,
  uniqueCodeBatchListSchema,
  uniqueCodeBatchParamsSchema,
  uniqueCodeBatchStatusBodySchema,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { AppError } from '../../lib/app-error.ts';
import { isBillRecorded } from '../../integration/purchases.service.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import { createEarnCode, earnCodeOf, getEarnCode } from '../../modules/scan/earn-codes.service.ts';
import { listUniqueCodeBatches, setUniqueCodeBatchStatus } from '../../modules/unique-codes/unique-codes.service.ts';

/** A till's scan-to-earn codes and the merchant's printed-code batches (docs/integration.md Scanning). */
export const integrationScanRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'earnCodeKey'>> = async (app, options) => {
  const { db, clock, earnCodeKey } = options;

  idempotentWriteRoute(app, options, {
    url: '/earn-codes',
    operationId: 'createEarnCode',
    summary: 'Makes a scan-to-earn code for a purchase: the till shows qrText as a QR code, and the member who scans it with the app earns on their card of the program',
    description:
      "programId is a card program of the API key's merchant (another's answers 404 NOT_FOUND). The purchase earns by the program's rate when scanned, as POST /purchases would, and its billNumber is then recorded: a billNumber reported before, or given to another earn code, answers 409 CONFLICT. " +
      'The code expires after expiresInSeconds (30 to 900, 300 by default) and is claimed once: the first member to scan it earns, any later scan answers CODE_ALREADY_USED. qrText holds only the code’s id and the server’s signature. Follow its status with GET /earn-codes/{earnCodeId}.',
    scope: 'earn-codes',
    body: earnCodeBodySchema,
    status: 201,
    answer: earnCodeAnswerSchema,
    run: async ({ tx, merchantId, body, now }) => {
      await getProgram({ db: tx, merchantId, programId: body.programId });
      if (await isBillRecorded(tx, { merchantId, billNumber: body.billNumber })) throw new AppError('CONFLICT', { message: 'This bill number has been reported already' });
      const code = await createEarnCode({ db: tx, merchantId, programId: body.programId, amount: BigInt(body.amount), billNumber: body.billNumber, ttlSeconds: body.expiresInSeconds, now });
      return { data: earnCodeOf(code, earnCodeKey, now) };
    },
  });

  app.get(
    '/earn-codes/:earnCodeId',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'getEarnCode',
        summary: 'An earn code and its status: open, claimed (with what the card earned) or expired',
        description: 'A code of another merchant, or an id that is none, answers 404 NOT_FOUND.',
        security: integrationSecurity,
        params: earnCodeParamsSchema,
        response: { 200: earnCodeAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const now = clock.now();
      const code = await getEarnCode({ db, merchantId: holderOf(request).merchantId, id: request.params.earnCodeId });
      return { data: earnCodeOf(code, earnCodeKey, now) };
    },
  );

  app.get(
    '/unique-code-batches',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listUniqueCodeBatches',
        summary: "The merchant's batches of printed codes, newest first, with how many were claimed",
        description: 'Batches are made with the operator command `kartu codes generate`, which writes the codes to a file once: the server keeps only their hashes.',
        security: integrationSecurity,
        response: { 200: uniqueCodeBatchListSchema, ...errorAnswers([401, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await listUniqueCodeBatches(db, holderOf(request).merchantId) }),
  );

  idempotentWriteRoute(app, options, {
    url: '/unique-code-batches/:batchId/status',
    operationId: 'setUniqueCodeBatchStatus',
    summary: 'Suspends a batch of printed codes (its codes answer CODE_SUSPENDED) or makes it active again',
    description: 'A batch of another merchant, or an id that is none, answers 404 NOT_FOUND. Codes claimed before keep their points.',
    scope: 'unique-code-batch-status',
    params: uniqueCodeBatchParamsSchema,
    body: uniqueCodeBatchStatusBodySchema,
    status: 200,
    answer: uniqueCodeBatchAnswerSchema,
    run: async ({ tx, merchantId, params, body }) => ({ data: await setUniqueCodeBatchStatus({ db: tx, merchantId, batchId: params.batchId, status: body.status }) }),
  });
};
