import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { clearSession } from '../../lib/session.ts';
import { useLogout } from './api/logout.ts';

/**
 * Signs the member out: the server revokes the session, then the local session is cleared and
 * the member lands on '/'. spec: app-core §4 Logout: errors are swallowed, the member leaves anyway.
 */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useLogout();
  const signOut = useCallback(async () => {
    try {
      await mutateAsync();
    } catch {
      // A failed or unreachable logout still signs the member out of this browser.
    }
    clearSession();
    void navigate(paths.home(), { replace: true });
  }, [mutateAsync, navigate]);
  return { signOut, signingOut: isPending };
}
