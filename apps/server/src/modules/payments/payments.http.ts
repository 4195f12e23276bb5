import type { FastifyRequest } from 'fastify';
import { siteOf } from '../../http/request-context.ts';
import type { PaymentsContext } from './payments.context.ts';

/**
 * The origin of the site a member's request came through: the merchant's site its Host picked
 * (decision 005), on the port the request came to. It is https where the deployment says sites are
 * (production, an https PUBLIC_URL) even when the proxy in front is not trusted to say so.
 */
export function memberSiteOriginOf(request: FastifyRequest, payments: Pick<PaymentsContext, 'returnsOverHttps'>): string {
  const { host } = siteOf(request);
  const scheme = payments.returnsOverHttps || request.protocol === 'https' ? 'https' : 'http';
  const origin = new URL(`${scheme}://${host}`);
  if (request.port !== null) origin.port = String(request.port);
  return origin.origin;
}
