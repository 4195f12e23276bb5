import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/logout → 204: the server revokes the session cookie. */
export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
