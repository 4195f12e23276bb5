import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileAnswerSchema, type Profile, type ProfileBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/**
 * PUT /api/v2/account/profile → the profile as saved. 400 VALIDATION_FAILED names its fields
 * (`body.name`…), 409 EMAIL_TAKEN, 403 FORBIDDEN for an e-mail that signs the member in.
 */
export async function saveProfile(body: ProfileBody): Promise<Profile> {
  const answer = await api.put('/api/v2/account/profile', { body, schema: profileAnswerSchema });
  return answer.data;
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.detail(), profile),
  });
}
