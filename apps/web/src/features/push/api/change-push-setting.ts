import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pushSettingsSchema, type PushSetting } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { pushKeys } from '../push-keys.ts';

/** PATCH /api/push/settings → every kind after the change. */
export function changePushSetting(setting: PushSetting): Promise<PushSetting[]> {
  return api.patch('/api/push/settings', { body: { kinds: [setting] }, schema: pushSettingsSchema }).then((answer) => answer.data);
}

/** A switch flips at once; a refusal puts it back as the server has it. */
export function useChangePushSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePushSetting,
    onMutate: async (changed) => {
      await queryClient.cancelQueries({ queryKey: pushKeys.settings() });
      queryClient.setQueryData<PushSetting[]>(pushKeys.settings(), (settings) => settings?.map((setting) => (setting.kind === changed.kind ? changed : setting)));
    },
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings(), settings),
    onError: () => queryClient.invalidateQueries({ queryKey: pushKeys.settings() }),
  });
}
