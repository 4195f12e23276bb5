import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileAnswerSchema, type Profile } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** GET /api/v2/account/profile: the signed-in member's profile at the merchant the Host selects. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const answer = await api.get('/api/v2/account/profile', { schema: profileAnswerSchema, signal });
  return answer.data;
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.detail(), queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
