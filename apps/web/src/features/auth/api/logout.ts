import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';
import { clearSignInFlow } from '../sign-in-flow.ts';
import { authKeys } from './auth-keys.ts';

/** Revokes the session on the server, then forgets it here; a failed call still signs out locally. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout');
  } catch {
    // spec: app-core §4 Logout: errors are swallowed.
  } finally {
    clearSignInFlow();
    clearSession();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.removeQueries({ queryKey: authKeys.all }),
  });
}
