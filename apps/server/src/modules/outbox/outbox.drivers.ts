import type { Env } from '../../env.ts';
import { createWebPushDriver, type WebPushDriverOptions } from '../push/web-push.driver.ts';
import { devDriver } from './drivers/dev.driver.ts';
import { createHttpDriver } from './drivers/http.driver.ts';
import { createSmtpDriver } from './drivers/smtp.driver.ts';
import type { OutboxChannel } from './outbox-messages.table.ts';
import type { OutboxDriver } from './outbox.driver.ts';

export type OutboxDrivers = Record<OutboxChannel, OutboxDriver>;

/**
 * The one place that picks each channel's driver: a configured provider, else the development outbox.
 * Push goes through Web Push once the server has a VAPID identity (push.keys.ts vapidKeysFor) and
 * the database where the browsers' subscriptions are.
 */
export function selectOutboxDrivers(
  env: Pick<Env, 'SMTP_URL' | 'SMS_PROVIDER_URL' | 'SMS_PROVIDER_TOKEN'>,
  webPush?: Omit<WebPushDriverOptions, 'vapid'> & { vapid: WebPushDriverOptions['vapid'] | null },
): OutboxDrivers {
  const email = env.SMTP_URL ? createSmtpDriver(env.SMTP_URL) : devDriver;
  const phone =
    env.SMS_PROVIDER_URL && env.SMS_PROVIDER_TOKEN ? createHttpDriver({ url: env.SMS_PROVIDER_URL, token: env.SMS_PROVIDER_TOKEN }) : devDriver;
  const push = webPush?.vapid ? createWebPushDriver({ ...webPush, vapid: webPush.vapid }) : devDriver;
  return { email, sms: phone, whatsapp: phone, push };
}
