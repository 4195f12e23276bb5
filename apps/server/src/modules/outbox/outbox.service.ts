import { languageSchema, type Language, type OtpPurpose } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { PermanentJobError, type JobHandler } from '../jobs/job-worker.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { OutboxChannel, OutboxMessageRow } from './outbox-messages.table.ts';
import { PermanentDeliveryError } from './outbox.driver.ts';
import type { OutboxDrivers } from './outbox.drivers.ts';
import { findOutboxMessage, insertOutboxMessage, listOutboxMessages, markOutboxMessage } from './outbox.repository.ts';
import { composeCodeMessage, composeMessage, type MessageData, type MessageTemplate } from './outbox.texts.ts';
import { openText, sealText, type SealKey } from '../../lib/sealed-text.ts';
import { derivedKey } from '../../lib/secret-keys.ts';

/** The key a message's text waits sealed under until a driver has delivered it (lib/secret-keys.ts). */
export function sealKeyFor(codeSecret: string): SealKey {
  return derivedKey(codeSecret, 'outbox sealed texts');
}

export const deliveryJobName = 'outbox.deliver';
// With the worker's doubling retries (10 s … 1 h) eight tries span about 40 minutes.
const deliveryTries = 8;

/** Queues the delivery of a message written to the outbox; in the writer's transaction when it has one. */
async function queueDelivery(db: Database, message: Pick<OutboxMessageRow, 'id'>, { runAt, now }: { runAt: Date; now: Date }): Promise<void> {
  await enqueueJob({ db, name: deliveryJobName, key: `outbox:${message.id}`, payload: { messageId: message.id }, runAt, maxAttempts: deliveryTries, now });
}

export interface QueueMessageOptions<T extends MessageTemplate> {
  /** The caller's transaction: the message is sent exactly when the caller's change commits. */
  db: Database;
  merchantId: number;
  channel: OutboxChannel;
  /** E.164 phone, lower-case e-mail, or the member's id for push. */
  recipient: string;
  template: T;
  data: MessageData[T];
  language: Language;
  now: Date;
}

/**
 * Writes a message made from a template in the recipient's language, and queues its delivery: the
 * worker sends it, retrying with backoff, until it is sent or given up (docs/delivery.md).
 */
export async function queueMessage<T extends MessageTemplate>(options: QueueMessageOptions<T>): Promise<{ id: string }> {
  const { db, merchantId, channel, recipient, template, data, language, now } = options;
  const { subject, text } = composeMessage(template, language, data);
  const message = await insertOutboxMessage(db, { merchantId, channel, recipient, subject, body: text, purpose: template, language, createdAt: now });
  await queueDelivery(db, message, { runAt: now, now });
  return { id: message.id };
}

/** The member's own address for messages: their e-mail when they have one, else a text to their phone. */
function memberAddress(member: { email: string | null; phone: string | null }): { channel: OutboxChannel; recipient: string } | undefined {
  if (member.email) return { channel: 'email', recipient: member.email };
  if (member.phone) return { channel: 'sms', recipient: member.phone };
  return undefined;
}

/** queueMessage to a member, in their language; nothing for a member with neither e-mail nor phone. */
export async function queueMemberMessage<T extends MessageTemplate>(
  options: Omit<QueueMessageOptions<T>, 'channel' | 'recipient' | 'language'> & {
    member: { email: string | null; phone: string | null; language: string | null };
    fallbackLanguage: Language;
  },
): Promise<{ id: string } | undefined> {
  const { member, fallbackLanguage, ...message } = options;
  const address = memberAddress(member);
  if (!address) return undefined;
  const stored = languageSchema.safeParse(member.language);
  const language = stored.success ? stored.data : fallbackLanguage;
  return queueMessage({ ...message, ...address, language });
}

export interface QueueOneTimeCodeOptions {
  db: Database;
  drivers: OutboxDrivers;
  /** Seals the code's text while a real driver may still have to try again. */
  sealKey: SealKey;
  merchant: { id: number; brand: string };
  channel: OutboxChannel;
  recipient: string;
  code: string;
  purpose: OtpPurpose;
  language: Language;
  expiresInSeconds: number;
  now: Date;
}

// Driver errors describe the provider's answer, never the message text.
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 500) : 'delivery failed';
}

/**
 * Writes the code message to the outbox and delivers it at once, the member waiting for it. A real
 * driver gets the text while the row keeps a masked copy; only the development outbox, which has to
 * show it, keeps the code. A delivery that fails is queued for retries until the code expires.
 */
export async function queueOneTimeCode(options: QueueOneTimeCodeOptions): Promise<{ id: string; status: 'sent' | 'queued' | 'failed' }> {
  const { db, drivers, sealKey, merchant, channel, recipient, code, purpose, language, expiresInSeconds, now } = options;
  const driver = drivers[channel];
  const message = composeCodeMessage({ language, brand: merchant.brand, code, expiresInSeconds });
  const row = await insertOutboxMessage(db, {
    merchantId: merchant.id,
    channel,
    recipient,
    subject: message.subject,
    body: driver.keepsCodes ? message.text : message.maskedText,
    purpose,
    language,
    code: driver.keepsCodes ? code : null,
    sealedText: driver.keepsCodes ? null : sealText(message.text, sealKey),
    expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
    createdAt: now,
  });
  try {
    await driver.deliver({ id: row.id, merchantId: merchant.id, channel, recipient, subject: message.subject, text: message.text });
    await markOutboxMessage(db, row.id, { status: 'sent', sentAt: now, attempts: 1, lastError: null });
    return { id: row.id, status: 'sent' };
  } catch (error) {
    if (error instanceof PermanentDeliveryError) {
      await markOutboxMessage(db, row.id, { status: 'failed', attempts: 1, lastError: reasonOf(error) });
      return { id: row.id, status: 'failed' };
    }
    await markOutboxMessage(db, row.id, { status: 'queued', attempts: 1, lastError: reasonOf(error) });
    // The first retry follows soon: the member is waiting for the code, which lives a few minutes.
    await queueDelivery(db, row, { runAt: new Date(now.getTime() + 5_000), now });
    return { id: row.id, status: 'queued' };
  }
}

export interface QueueSecretMessageOptions {
  /** The caller's transaction: the message is sent exactly when the caller's change commits. */
  db: Database;
  drivers: OutboxDrivers;
  sealKey: SealKey;
  merchantId: number;
  channel: OutboxChannel;
  recipient: string;
  /** What the message is for, as the development outbox lists it. */
  purpose: string;
  language: Language;
  message: { subject: string; text: string; maskedText: string };
  /** The secret the text carries (a gift's PIN), kept only where the development outbox shows it. */
  code: string;
  expiresAt: Date;
  now: Date;
}

/**
 * A message carrying a secret that need not leave at once (a gift's PIN): stored as a one-time
 * code is (masked, the full text sealed for a real driver), and delivered by the job once the
 * caller's transaction commits.
 */
export async function queueSecretMessage(options: QueueSecretMessageOptions): Promise<{ id: string }> {
  const { db, drivers, sealKey, merchantId, channel, recipient, purpose, language, message, code, expiresAt, now } = options;
  const keepsCodes = drivers[channel].keepsCodes;
  const row = await insertOutboxMessage(db, {
    merchantId,
    channel,
    recipient,
    subject: message.subject,
    body: keepsCodes ? message.text : message.maskedText,
    purpose,
    language,
    code: keepsCodes ? code : null,
    sealedText: keepsCodes ? null : sealText(message.text, sealKey),
    expiresAt,
    createdAt: now,
  });
  await queueDelivery(db, row, { runAt: now, now });
  return { id: row.id };
}

/**
 * The job that delivers a queued message. It stops early for a message already sent or given up
 * (a second run of the same job), and gives up on a code past its expiry or a text it cannot open.
 */
export function deliveryJob({ drivers, sealKey }: { drivers: OutboxDrivers; sealKey: SealKey }): JobHandler {
  return {
    name: deliveryJobName,
    async run({ db, now, payload, job }) {
      const message = typeof payload.messageId === 'string' ? await findOutboxMessage(db, payload.messageId) : undefined;
      if (!message) throw new PermanentJobError('The message is gone');
      if (message.status !== 'queued') return;
      const giveUp = async (reason: string) => {
        await markOutboxMessage(db, message.id, { status: 'failed', attempts: message.attempts, lastError: reason });
        throw new PermanentJobError(reason);
      };
      if (message.expiresAt && message.expiresAt <= now) return giveUp('Expired before it could be delivered');
      const text = message.sealedText ? openText(message.sealedText, sealKey) : message.body;
      if (text === null) return giveUp('Sealed under another server key');
      const attempts = message.attempts + 1;
      try {
        await drivers[message.channel].deliver({ id: message.id, merchantId: message.merchantId, channel: message.channel, recipient: message.recipient, subject: message.subject, text });
      } catch (error) {
        const lastTry = error instanceof PermanentDeliveryError || job.attempts >= job.maxAttempts;
        await markOutboxMessage(db, message.id, { status: lastTry ? 'failed' : 'queued', attempts, lastError: reasonOf(error) });
        throw error instanceof PermanentDeliveryError ? new PermanentJobError(error.message) : error;
      }
      await markOutboxMessage(db, message.id, { status: 'sent', sentAt: now, attempts, lastError: null });
    },
  };
}

/** The merchant's latest messages, newest first, optionally to one recipient: what the development outbox shows. */
export async function listOutbox({ db, merchantId, recipient, limit }: { db: Database; merchantId: number; recipient?: string; limit: number }): Promise<OutboxMessageRow[]> {
  return listOutboxMessages(db, { merchantId, recipient, limit });
}
