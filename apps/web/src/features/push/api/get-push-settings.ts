import { queryOptions, useQuery } from '@tanstack/react-query';
import { pushSettingsSchema, type PushSetting } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { pushKeys } from '../push-keys.ts';

/** GET /api/push/settings → every kind of message, and whether it pushes. */
export function getPushSettings(signal?: AbortSignal): Promise<PushSetting[]> {
  return api.get('/api/push/settings', { schema: pushSettingsSchema, signal }).then((answer) => answer.data);
}

export function pushSettingsQueryOptions() {
  return queryOptions({ queryKey: pushKeys.settings(), queryFn: ({ signal }) => getPushSettings(signal) });
}

export function usePushSettings() {
  return useQuery(pushSettingsQueryOptions());
}
