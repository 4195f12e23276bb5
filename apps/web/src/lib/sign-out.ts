import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { api } from './api-client.ts';
import { trackVendorEvent } from './analytics-vendors.ts';
import { clearSession } from './session.ts';

/**
 * Signs the member out: POST /api/auth/logout (204) revokes the session cookie, then the local
 * session is cleared. spec: app-core §4 Logout: errors are swallowed, the member leaves anyway.
 */
export async function signOut(): Promise<void> {
  trackVendorEvent('logout');
  try {
    await api.post<void>('/api/auth/logout');
  } catch {
    // A failed or unreachable logout still signs the member out of this browser.
  }
  clearSession();
}

/** Signs out, then lands the member on '/'; `signingOut` holds while the logout call runs. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useMutation({ mutationFn: signOut });
  const signOutAndLeave = useCallback(async () => {
    await mutateAsync();
    void navigate(paths.home.href(), { replace: true });
  }, [mutateAsync, navigate]);
  return { signOut: signOutAndLeave, signingOut: isPending };
}
