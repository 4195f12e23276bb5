import type { FastifyInstance } from 'fastify';
import { documentPath } from '../http/openapi.ts';
import { answerChecker } from './answer-checker.ts';
import type { ApiDocument } from './api-document.ts';

/*
 * Every answer a test app gives, held to the API document it serves: an operation that answers a
 * status it does not declare, or a body that does not match the declared schema, is a violation.
 * Tests of every route thereby check the document too; the violations fail the file when its app closes.
 */


export function watchAnswers(app: FastifyInstance): { violations: string[] } {
  const violations: string[] = [];
  let check: ReturnType<typeof answerChecker> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    // A route that declares no answers (a test's own) promises nothing to check.
    if (!request.routeOptions.schema?.response) return payload;
    const path = documentPath(request.routeOptions.url ?? '');
    check ??= answerChecker(app.swagger() as unknown as ApiDocument);
    const contentType = String(reply.getHeader('content-type') ?? '');
    let body: unknown;
    if (contentType.includes('json') && typeof payload === 'string') {
      try {
        body = JSON.parse(payload);
      } catch {
        violations.push(`${request.method} ${path} answered JSON that does not parse`);
        return payload;
      }
    }
    let problem: string | undefined;
    try {
      problem = check(request.method, path, reply.statusCode, contentType, body, { undocumented: 'skip' });
    } catch (error) {
      problem = `${request.method} ${path}: its schema cannot be checked (${error instanceof Error ? error.message : String(error)})`;
    }
    if (problem && !violations.includes(problem)) violations.push(problem);
    return payload;
  });
  return { violations };
}
