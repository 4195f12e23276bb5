import { inboxFactsSchema, type InboxFacts, type InboxMessage, type InboxPage } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor.ts';
import { findMember } from '../auth/users.service.ts';
import { queueMessagePush } from '../push/push.queue.ts';
import { countUnread, insertMessage, listMessages, markAllRead, markDeleted, markRead, type InboxOwner } from './inbox.repository.ts';
import type { InboxMessageRow } from './inbox.table.ts';

/*
 * The member's inbox (docs/decisions/031-inbox.md). A message is left by leaveMessage, in the
 * transaction of the event it tells of; the one-statement purchase leaves its own through
 * inbox.statement.ts. The member reads, marks and deletes their own messages only.
 */

export interface LeaveMessageOptions {
  merchantId: number;
  userId: string;
  /** The card the message is about; null for the whole wallet. */
  cardId: string | null;
  facts: InboxFacts;
  /** The app page the message opens, or null. */
  link: string | null;
  now: Date;
  /** What makes the message one of a kind for the member (`level_reached:<card>:<rank>`): a second one with the key is not written. */
  onceKey?: string;
}

/**
 * Leaves a message in the member's inbox. Called in the transaction of the event that causes it,
 * so the message exists exactly when that event committed. With a once key it answers undefined
 * when the member has had the message of that key already, and writes nothing.
 */
export function leaveMessage(tx: Database, options: LeaveMessageOptions & { onceKey: string }): Promise<InboxMessageRow | undefined>;
export function leaveMessage(tx: Database, options: LeaveMessageOptions & { onceKey?: undefined }): Promise<InboxMessageRow>;
export async function leaveMessage(tx: Database, { merchantId, userId, cardId, facts, link, now, onceKey }: LeaveMessageOptions): Promise<InboxMessageRow | undefined> {
  // A message the contract refuses would break the member's whole list: it is refused here, with its event.
  const row = await insertMessage(tx, { merchantId, userId, cardId, facts: inboxFactsSchema.parse(facts), link, createdAt: now, onceKey: onceKey ?? null });
  // Pushed to the member's browsers too, with the message or not at all (docs/decisions/037-web-push.md).
  if (row) await queueMessagePush({ tx, merchantId, userId, message: row, now });
  return row;
}

export function toInboxMessage(row: InboxMessageRow): InboxMessage {
  return { id: row.id, facts: row.facts, link: row.link, cardId: row.cardId, createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null };
}

interface MemberInbox extends InboxOwner {
  db: Database;
}

/** GET /api/v2/inbox: newest first, by cursor; a card that is not the member's has no messages. */
export async function listInbox({ db, cursor, limit, cardId, ...owner }: MemberInbox & { cursor?: string | undefined; limit: number; cardId?: string | undefined }): Promise<InboxPage> {
  const rows = await listMessages(db, { owner, cardId, cursor: cursor === undefined ? undefined : decodePageCursor(cursor), limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(toInboxMessage), nextCursor: rows.length > limit && last ? encodePageCursor({ at: last.createdAt, id: last.id }) : null };
}

export async function countUnreadMessages({ db, ...owner }: MemberInbox): Promise<number> {
  return countUnread(db, owner);
}

/** Marks one of the member's messages read; anyone else's, a deleted one, or an id that is no message's is not found. */
export async function readMessage({ db, messageId, now, ...owner }: MemberInbox & { messageId: string; now: Date }): Promise<InboxMessage> {
  const row = isUuid(messageId) ? await markRead(db, { owner, messageId, now }) : undefined;
  if (!row) throw new AppError('INBOX_MESSAGE_NOT_FOUND');
  return toInboxMessage(row);
}

/** Marks every message of the member's inbox read; answers the unread count after, 0 unless a message came meanwhile. */
export async function readAllMessages({ db, now, ...owner }: MemberInbox & { now: Date }): Promise<number> {
  await markAllRead(db, { owner, now });
  return countUnread(db, owner);
}

export async function deleteMessage({ db, messageId, now, ...owner }: MemberInbox & { messageId: string; now: Date }): Promise<void> {
  const deleted = isUuid(messageId) && (await markDeleted(db, { owner, messageId, now }));
  if (!deleted) throw new AppError('INBOX_MESSAGE_NOT_FOUND');
}

export interface MerchantMessageOptions {
  tx: Database;
  merchantId: number;
  /** E.164. */
  memberPhone: string;
  title: string;
  text: string;
  link?: string | undefined;
  now: Date;
}

/** POST /integration/v1/messages: the merchant's words to its member with this phone; NOT_FOUND when it has none. */
export async function sendMerchantMessage({ tx, merchantId, memberPhone, title, text, link, now }: MerchantMessageOptions): Promise<InboxMessageRow> {
  const member = await findMember({ db: tx, merchantId, identifier: { type: 'phone', value: memberPhone } });
  if (!member) throw new AppError('NOT_FOUND', { message: 'No member has this phone number' });
  return leaveMessage(tx, { merchantId, userId: member.id, cardId: null, facts: { kind: 'merchant', title, text }, link: link ?? null, now });
}
