import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionAnswerSchema, type SessionAnswer } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

export const sessionKeys = {
  all: ['session'] as const,
};

/** GET /api/auth/session → the member as the server knows them now. */
export function getSession(signal?: AbortSignal): Promise<SessionAnswer> {
  return api.get('/api/auth/session', { schema: sessionAnswerSchema, signal });
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: sessionKeys.all, queryFn: ({ signal }) => getSession(signal) });
}

export function useSessionQuery() {
  return useQuery(sessionQueryOptions());
}
