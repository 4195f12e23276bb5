import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveSession } from '../modules/auth/session.service.ts';

/**
 * Sends JSON that is already serialised (a cached answer) as it is: Fastify passes a string with
 * a JSON content type through without its serialiser, so the route's response schema, which the
 * text was encoded with, still describes it in the OpenAPI document.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  reply.type('application/json; charset=utf-8');
  // The reply's type is the route's answer object; this text is that object, serialised.
  return reply.send(text as never);
}

/**
 * Answers, from a `preParsing` hook, a member's request whose answer is already cached: the request
 * is the cached session's, as the session pre-handler would have made it. False, and nothing sent,
 * when there is no cached session or answer: the request goes on through the usual pipeline.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  { live, body }: { live: Pick<LiveSession, 'session' | 'user'> | undefined; body: string | undefined },
): boolean {
  if (!live || body === undefined) return false;
  request.session = live.session;
  request.user = live.user;
  sendJsonText(reply, body);
  return true;
}
