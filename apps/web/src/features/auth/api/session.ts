import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionAnswerSchema, type SessionAnswer } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

/** The member behind the session cookie, and whether a PIN or a phone number is still owed. */
export function getSessionAnswer(signal?: AbortSignal): Promise<SessionAnswer> {
  return api.get('/api/auth/session', { schema: sessionAnswerSchema, signal });
}

export function sessionOptions() {
  return queryOptions({ queryKey: authKeys.session(), queryFn: ({ signal }) => getSessionAnswer(signal) });
}

export function useSessionAnswer() {
  return useQuery(sessionOptions());
}
