import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionAnswerSchema, type SessionAnswer } from '@kartu/contracts';
import { api } from './api-client.ts';

export const sessionAnswerKey = ['session'] as const;

/** The member behind the session cookie as the server knows them now, and whether a PIN or a phone number is still owed. */
export function getSessionAnswer(signal?: AbortSignal): Promise<SessionAnswer> {
  return api.get('/api/auth/session', { schema: sessionAnswerSchema, signal });
}

export function sessionAnswerOptions() {
  return queryOptions({ queryKey: sessionAnswerKey, queryFn: ({ signal }) => getSessionAnswer(signal) });
}

export function useSessionAnswer() {
  return useQuery(sessionAnswerOptions());
}
