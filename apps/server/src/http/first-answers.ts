import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cardViewSchema } from '@kartu/contracts';
import { pathOf } from './api-paths.ts';

/**
 * The API calls a signed-in page makes as soon as it renders: the wallet asks for the session and
 * the first page of cards in its view. The server answers them into the page, so its first paint
 * waits on one request (the page) instead of the page, then the app, then these. The URLs are
 * spelt as the web app's API client spells them; the browser test that the wallet opens without
 * calling the API keeps the two in step.
 */
export function firstCallsOf(url: string): string[] {
  const pathname = pathOf(url);
  if (pathname !== '/cards' && pathname !== '/v2/cards') return [];
  const view = cardViewSchema.safeParse(new URLSearchParams(url.slice(pathname.length)).get('view'));
  return ['/api/auth/session', `/api/v2/cards?page=1&view=${view.success ? view.data : 'active'}`];
}

/**
 * The answers to a page's first calls, made through the API itself (in process, as the member's
 * browser would make them: same session, same site), by URL; null when any of them is not a
 * plain success (a stale session, say), and the app then makes its calls and handles what they say.
 */
export async function firstAnswersFor(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown> | null> {
  const calls = firstCallsOf(request.url);
  if (calls.length === 0) return null;
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
