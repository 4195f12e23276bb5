import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api/integration-api.ts';
import { answerChecker } from './answer-checker.ts';
import { servedDocument, type ApiDocument } from './api-document.ts';
import type { TestApp } from './test-app.ts';

/*
 * The integration API as a merchant's developer calls it: a client generated from the served
 * document (api/integration-api.ts), whose requests go to the test app in memory. Every answer it
 * receives is held to the document: a status the operation does not declare, or a body that does
 * not match the declared schema, fails the call.
 */

export type IntegrationClient = Client<paths>;

/** A fresh Idempotency-Key, as a merchant's till makes one per write. */
export const newWriteKey = (): string => randomUUID();

/** Sends a fetch Request through Fastify's in-memory injection. */
function injectingFetch(app: FastifyInstance) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: { ...Object.fromEntries(request.headers), host: url.host },
      ...(body && { payload: body }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, String(value));
    return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

const checkers = new WeakMap<ApiDocument, ReturnType<typeof answerChecker>>();

/** A client with the merchant's API key; any host reaches the integration API. */
export async function integrationClient(testApp: TestApp, { key, host = 'pos.example' }: { key?: string; host?: string } = {}): Promise<IntegrationClient> {
  const document = await servedDocument(testApp.app);
  const check = checkers.get(document) ?? answerChecker(document);
  checkers.set(document, check);
  const client = createClient<paths>({ baseUrl: `http://${host}`, fetch: injectingFetch(testApp.app), ...(key && { headers: { authorization: `Bearer ${key}` } }) });
  client.use({
    async onResponse({ request, response, schemaPath }) {
      const contentType = response.headers.get('content-type') ?? '';
      const body: unknown = contentType.includes('json') ? await response.clone().json() : undefined;
      const problem = check(request.method, schemaPath, response.status, contentType, body);
      if (problem) throw new Error(`The answer does not match the API document: ${problem}`);
    },
  });
  return client;
}
