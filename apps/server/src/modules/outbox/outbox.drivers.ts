import type { Env } from '../../env.ts';
import { devDriver } from './drivers/dev.driver.ts';
import { createHttpDriver } from './drivers/http.driver.ts';
import { createSmtpDriver } from './drivers/smtp.driver.ts';
import type { OutboxChannel } from './outbox-messages.table.ts';
import type { OutboxDriver } from './outbox.driver.ts';

export type OutboxDrivers = Record<OutboxChannel, OutboxDriver>;

/** The one place that picks each channel's driver: a configured provider, else the development outbox. */
export function selectOutboxDrivers(env: Pick<Env, 'SMTP_URL' | 'SMS_PROVIDER_URL' | 'SMS_PROVIDER_TOKEN'>): OutboxDrivers {
  const email = env.SMTP_URL ? createSmtpDriver(env.SMTP_URL) : devDriver;
  const phone =
    env.SMS_PROVIDER_URL && env.SMS_PROVIDER_TOKEN ? createHttpDriver({ url: env.SMS_PROVIDER_URL, token: env.SMS_PROVIDER_TOKEN }) : devDriver;
  // Web Push needs the members' subscriptions, which come with the inbox: until then push
  // messages stay in the development outbox.
  return { email, sms: phone, whatsapp: phone, push: devDriver };
}
