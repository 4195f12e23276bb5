import { vi } from 'vitest';
import { defaultErrorMessage, errorStatus, type ErrorBody, type ErrorCode } from '@kartu/contracts';

export type Answer = () => Response | Promise<Response>;

export interface SeenRequest {
  method: string;
  /** The path with its query, as the client asked for it. */
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export function okAnswer(body?: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** An error body as the server writes it; its HTTP status is the code's, unless `extra.statusCode` says otherwise. */
export function errorAnswer(code: ErrorCode, extra: Partial<ErrorBody> = {}): Response {
  const body: ErrorBody = { statusCode: errorStatus[code], code, message: defaultErrorMessage[code], ...extra };
  return okAnswer(body, body.statusCode);
}

/**
 * Stubs fetch with the server's answers, keyed 'METHOD /path?query' or 'METHOD /path' (any query).
 * A list answers in order and its last answer repeats, so refetches read the server's latest state.
 * A call nobody prepared answers 404 ROUTE_NOT_FOUND, as the server does. Every request is kept.
 */
export function stubApi(routes: Record<string, Answer | Answer[]>) {
  const requests: SeenRequest[] = [];
  const queues = new Map(Object.entries(routes).map(([route, answers]) => [route, Array.isArray(answers) ? [...answers] : [answers]]));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://kartu.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const seen = { method, url: `${url.pathname}${url.search}`, path: url.pathname, query: url.searchParams, body, headers: new Headers(init?.headers) };
      requests.push(seen);
      const queue = queues.get(`${method} ${seen.url}`) ?? queues.get(`${method} ${url.pathname}`);
      const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      return next ? next() : errorAnswer('ROUTE_NOT_FOUND');
    }),
  );
  return {
    requests,
    to: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path),
    bodiesOf: (path: string) => requests.filter((request) => request.path === path).map((request) => request.body),
  };
}

export type ApiStub = ReturnType<typeof stubApi>;
