import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session.ts';
import { requireAuth } from './guards/auth-guards.ts';

/**
 * The /v2 tree checks the session while rendering rather than in a loader: the /v2 address is
 * committed to the history first, so the v2 move stays visible before a visitor is sent to '/'.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const to = requireAuth({ signedIn: user !== null });
  return to === null ? children : <Navigate to={to} replace />;
}
