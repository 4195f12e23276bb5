import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotentWriteHeadersSchema } from '@kartu/contracts';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { errorAnswers } from './error-answers.ts';
import type { AppContext } from './app-context.ts';
import { answerOnce, holderOf, integrationRouteConfig, integrationSecurity } from './integration-request.ts';

type IntegrationApp = Parameters<FastifyPluginAsyncZod<AppContext>>[0];

/** What every idempotent write of the integration API does with its Idempotency-Key. */
export const idempotentWriteRules =
  'Send an Idempotency-Key header (a fresh UUID per write): without one the write is refused with IDEMPOTENCY_KEY_REQUIRED. A retry with the same key and body gets the first answer again (a refusal included) and writes nothing; while the first is still running it answers 409 CONFLICT; the same key with another body is refused with IDEMPOTENCY_KEY_REUSED.';

const writeErrors = errorAnswers([400, 401, 404, 409, 422, 429, 500] as const);

export interface IdempotentWrite<Params extends z.ZodType, Body extends z.ZodType, Answer extends z.ZodType> {
  url: string;
  /** The operation's name in the OpenAPI document: lowerCamelCase, verb first, unique across the document. */
  operationId: string;
  summary: string;
  /** What a caller must know beyond the summary: limits, locks, the errors it answers. The Idempotency-Key rules are added to it. */
  description: string;
  /** Names the write in the idempotency records, so one key may be reused across different writes. */
  scope: string;
  params?: Params;
  body: Body;
  /** 202 for a write accepted and done later by the job workers (a broadcast). */
  status: 200 | 201 | 202;
  answer: Answer;
  /**
   * The write itself, for the merchant of the API key, in the transaction that stores its answer
   * (`tx`); it runs once per Idempotency-Key.
   */
  run: (input: { tx: Database; merchantId: number; params: z.output<Params>; body: z.output<Body>; now: Date }) => Promise<z.input<Answer>>;
}

/** The OpenAPI description of an integration write: the API key, the Idempotency-Key header and the error answers. */
export function integrationWriteSchema<Params extends z.ZodType, Body extends z.ZodType, Answer extends z.ZodType, Status extends 200 | 201 | 202>({
  operationId,
  summary,
  description,
  params,
  body,
  status,
  answer,
}: Pick<IdempotentWrite<Params, Body, Answer>, 'operationId' | 'summary' | 'description' | 'params' | 'body' | 'answer'> & { status: Status }) {
  const success = { [status]: answer } as { [code in Status]: Answer };
  return {
    tags: ['integration'],
    operationId,
    summary,
    description: `${description}\n\n${idempotentWriteRules}`,
    security: integrationSecurity,
    headers: idempotentWriteHeadersSchema,
    ...(params && { params }),
    body,
    response: { ...success, ...writeErrors },
  };
}

/**
 * Declares a POST of the integration API: an Idempotency-Key header is required, a retry with the
 * same key gets the first answer again, and the OpenAPI document shows the API key and error answers.
 */
export function idempotentWriteRoute<Params extends z.ZodType, Body extends z.ZodType, Answer extends z.ZodType>(
  app: IntegrationApp,
  { db, clock }: Pick<AppContext, 'db' | 'clock'>,
  { url, operationId, summary, description, scope, params, body, status, answer, run }: IdempotentWrite<Params, Body, Answer>,
): void {
  // TypeScript cannot infer the request from schemas that are type parameters here, so the route is
  // declared untyped; the zod validator has already parsed params and body into these schemas' output.
  app.withTypeProvider<FastifyTypeProviderDefault>().post(
    url,
    {
      config: integrationRouteConfig,
      schema: integrationWriteSchema({ operationId, summary, description, params, body, status, answer }),
    },
    async (request, reply) =>
      answerOnce({
        request,
        reply,
        db,
        clock,
        scope,
        run: async (tx) => {
          const { merchantId } = holderOf(request);
          const input = { tx, merchantId, params: request.params as z.output<Params>, body: request.body as z.output<Body>, now: clock.now() };
          return { statusCode: status, body: await run(input) };
        },
      }),
  );
}
