import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './api-paths.ts';

/**
 * The answers to a page's first calls (the web app names them: PageShell.firstCallsOf), made
 * through the API itself (in process, as the member's browser would make them: same session,
 * same site), by URL; null when any of them is not a plain success (a stale session, say), and
 * the app then makes its calls and handles what they say. Only API addresses are called.
 */
export async function firstAnswersFor(app: FastifyInstance, request: FastifyRequest, calls: readonly string[]): Promise<Record<string, unknown> | null> {
  if (calls.length === 0 || !calls.every(isApiPath)) return null;
  const headers = {
    host: request.hostname,
    cookie: request.headers.cookie ?? '',
    ...(request.headers['accept-language'] && { 'accept-language': request.headers['accept-language'] }),
    ...(request.headers['user-agent'] && { 'user-agent': request.headers['user-agent'] }),
  };
  const answers = await Promise.all(calls.map((url) => app.inject({ method: 'GET', url, headers })));
  if (answers.some((answer) => answer.statusCode !== 200)) return null;
  return Object.fromEntries(calls.map((url, index) => [url, answers[index]!.json()]));
}
