import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** DELETE /api/v2/account/profile/photo → 204, with or without a photo. */
export async function removeProfilePhoto(): Promise<void> {
  await api.delete('/api/v2/account/profile/photo');
}

export function useRemoveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProfilePhoto,
    onSuccess: () => queryClient.setQueryData<Profile>(profileKeys.detail(), (profile) => (profile ? { ...profile, photo: null } : profile)),
  });
}
