import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileAnswerSchema, type Profile } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/**
 * PUT /api/v2/account/profile/photo: the image's bytes as the body, as a payment proof is sent.
 * 415 for another type, 413 over 10 MB, 422 under 96 × 96 pixels; answers the profile.
 */
export async function setProfilePhoto(image: Blob): Promise<Profile> {
  const answer = await api.put('/api/v2/account/profile/photo', { file: image, schema: profileAnswerSchema });
  return answer.data;
}

export function useSetProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProfilePhoto,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.detail(), profile),
  });
}
