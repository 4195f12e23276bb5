import { pushSubscriptionAnswerSchema, type PushSubscriptionBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/push/subscriptions: this browser receives the member's pushes (registering it again refreshes it). */
export function registerPushSubscription(subscription: PushSubscriptionBody): Promise<void> {
  return api.post('/api/push/subscriptions', { body: subscription, schema: pushSubscriptionAnswerSchema }).then(() => undefined);
}
