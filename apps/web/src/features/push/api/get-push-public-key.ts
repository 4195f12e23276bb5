import { queryOptions, useQuery } from '@tanstack/react-query';
import { pushPublicKeySchema } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { pushKeys } from '../push-keys.ts';

/** GET /api/push/public-key → the applicationServerKey browsers subscribe with; 503 PUSH_UNAVAILABLE when the site sends no pushes. */
export function getPushPublicKey(signal?: AbortSignal): Promise<string> {
  return api.get('/api/push/public-key', { schema: pushPublicKeySchema, signal }).then((answer) => answer.data.publicKey);
}

export function pushPublicKeyQueryOptions() {
  // The key changes only with the server's configuration.
  return queryOptions({ queryKey: pushKeys.publicKey(), queryFn: ({ signal }) => getPushPublicKey(signal), staleTime: Infinity, retry: false });
}

/** Read only while `enabled`: a page that has no use for the key (the wallet's first load) makes no call for it. */
export function usePushPublicKey({ enabled }: { enabled: boolean }) {
  return useQuery({ ...pushPublicKeyQueryOptions(), enabled });
}
