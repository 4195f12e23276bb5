import { api } from '../../../lib/api-client.ts';

/** DELETE /api/push/subscriptions?endpoint=…: this browser stops receiving the member's pushes. */
export function unregisterPushSubscription(endpoint: string): Promise<void> {
  return api.delete<void>('/api/push/subscriptions', { query: { endpoint } });
}
