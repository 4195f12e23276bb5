import { queryOptions, useQuery } from '@tanstack/react-query';
import { lockStateSchema, type Identifier, type LockState } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { unlockAt } from '../../../lib/lock-redirect.ts';
import { authKeys } from './auth-keys.ts';

export type LockReading = LockState & {
  /** When the lock ends by this browser's clock, read when the answer arrived; null when not locked. */
  unlocksAt: number | null;
};

export async function isLocked(identifier: Identifier, signal?: AbortSignal): Promise<LockReading> {
  const state = await api.post('/api/auth/is-locked', { body: identifier, schema: lockStateSchema, signal });
  return { ...state, unlocksAt: state.isLocked ? unlockAt(state) : null };
}

export function lockStateOptions(identifier: Identifier | undefined) {
  return queryOptions({
    queryKey: authKeys.lockState(identifier),
    queryFn: ({ signal }) => {
      if (!identifier) throw new Error('No identifier to ask about');
      return isLocked(identifier, signal);
    },
    enabled: identifier !== undefined,
    // The countdown runs from this one answer; refetching would only restart it.
    staleTime: Infinity,
    retry: false,
  });
}

export function useLockState(identifier: Identifier | undefined) {
  return useQuery(lockStateOptions(identifier));
}
