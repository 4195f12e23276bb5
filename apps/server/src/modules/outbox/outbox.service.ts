import type { Language, OtpPurpose } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import type { OutboxChannel, OutboxMessageRow } from './outbox-messages.table.ts';
import type { OutboxDrivers } from './outbox.drivers.ts';
import { insertOutboxMessage, listOutboxMessages, markOutboxMessage } from './outbox.repository.ts';
import { composeCodeMessage } from './outbox.texts.ts';

export interface QueueOneTimeCodeOptions {
  db: Database;
  drivers: OutboxDrivers;
  merchant: { id: number; brand: string };
  channel: OutboxChannel;
  recipient: string;
  code: string;
  purpose: OtpPurpose;
  language: Language;
  expiresInSeconds: number;
  now: Date;
}

/**
 * Writes the code message to the outbox and delivers it. A real driver gets the text, and the row
 * keeps only a masked copy; only the development outbox, which has to show it, keeps the code.
 * A failed delivery is recorded on the row, not thrown: the user can ask for another code.
 */
export async function queueOneTimeCode(options: QueueOneTimeCodeOptions): Promise<{ id: string; status: 'sent' | 'failed' }> {
  const { db, drivers, merchant, channel, recipient, code, purpose, language, expiresInSeconds, now } = options;
  const driver = drivers[channel];
  const message = composeCodeMessage({ language, brand: merchant.brand, code, expiresInSeconds });
  const row = await insertOutboxMessage(db, {
    merchantId: merchant.id,
    channel,
    recipient,
    subject: message.subject,
    body: driver.keepsCodes ? message.text : message.maskedText,
    purpose,
    code: driver.keepsCodes ? code : null,
    createdAt: now,
  });
  try {
    await driver.deliver({ id: row.id, merchantId: merchant.id, channel, recipient, subject: message.subject, text: message.text });
    await markOutboxMessage(db, row.id, { status: 'sent', sentAt: now, attempts: 1, lastError: null });
    return { id: row.id, status: 'sent' };
  } catch (error) {
    // Driver errors describe the provider's answer, never the message text.
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'delivery failed';
    await markOutboxMessage(db, row.id, { status: 'failed', attempts: 1, lastError: reason });
    return { id: row.id, status: 'failed' };
  }
}

/** The merchant's latest messages, newest first, optionally to one recipient: what the development outbox shows. */
export async function listOutbox({ db, merchantId, recipient, limit }: { db: Database; merchantId: number; recipient?: string; limit: number }): Promise<OutboxMessageRow[]> {
  return listOutboxMessages(db, { merchantId, recipient, limit });
}
