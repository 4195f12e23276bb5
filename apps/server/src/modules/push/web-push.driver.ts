import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import type { Clock } from '../../lib/clock.ts';
import { PermanentDeliveryError, type OutboxDriver, type OutboxMessage } from '../outbox/outbox.driver.ts';
import type { VapidKeys } from './push.keys.ts';
import { deleteSubscription, findSubscription, markSubscriptionDelivered } from './push.repository.ts';

export interface WebPushDriverOptions {
  /** Where the subscription a message goes to is found (its recipient is the subscription's id). */
  db: Database;
  clock: Clock;
  vapid: VapidKeys;
  /** The TLS agent of the calls to push services; a test hands one that trusts its own push service. */
  agent?: Agent;
  timeoutMs?: number;
}

// A push tells of something that happened now: a browser offline for longer finds it in the inbox.
const pushLifetimeSeconds = 24 * 60 * 60;

/**
 * Push messages through the browsers' push services (RFC 8030), encrypted to the browser's keys
 * (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292). A push service that
 * answers 404 or 410 no longer knows the browser: its subscription is deleted and the message given up.
 */
export function createWebPushDriver({ db, clock, vapid, agent, timeoutMs = 10_000 }: WebPushDriverOptions): OutboxDriver {
  return {
    name: 'web-push',
    keepsCodes: false,
    async deliver(message: OutboxMessage): Promise<void> {
      if (message.channel !== 'push') throw new Error(`The Web Push driver cannot deliver ${message.channel} messages`);
      const subscription = isUuid(message.recipient) ? await findSubscription(db, message.recipient) : undefined;
      if (!subscription) throw new PermanentDeliveryError('The browser is no longer subscribed');
      try {
        await webPush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, message.text, {
          vapidDetails: vapid,
          contentEncoding: 'aes128gcm',
          TTL: pushLifetimeSeconds,
          timeout: timeoutMs,
          ...(agent && { agent }),
        });
      } catch (error) {
        // Only the status is kept: a push service's answer may echo what it was sent.
        if (!(error instanceof webPush.WebPushError)) throw new Error('The push service could not be reached');
        if (error.statusCode === 404 || error.statusCode === 410) {
          await deleteSubscription(db, subscription.id);
          throw new PermanentDeliveryError(`The push service answered ${error.statusCode}: the browser is no longer subscribed`);
        }
        throw new Error(`The push service answered ${error.statusCode}`);
      }
      await markSubscriptionDelivered(db, subscription.id, clock.now());
    },
  };
}
