import { useQuery } from '@tanstack/react-query';
import { userIdInfoAnswerSchema, type UserIdInfo } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

/** The session member's own account, masked: what a PIN screen may name before the PIN (decision 041). */
export function getUserIdInfo(userId: string): Promise<UserIdInfo> {
  return api.post('/api/auth/get-user-id-info', { body: { userId }, schema: userIdInfoAnswerSchema }).then((answer) => answer.info);
}

export function useUserIdInfo(userId: string | undefined) {
  return useQuery({
    queryKey: authKeys.userIdInfo(userId),
    queryFn: () => getUserIdInfo(userId ?? ''),
    enabled: userId !== undefined,
    retry: false,
    staleTime: 60_000,
  });
}
