import { languageSchema, type Language } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { getMerchantImageViews } from '../media/images.service.ts';
import { deliveryJobName } from '../outbox/outbox.service.ts';
import type { MerchantRow } from '../tenancy/merchants.table.ts';
import { pushPayloadOf, type PushedMessage } from './push.payload.ts';
import { findMerchant, findPushTargets, insertPushMessages, type NewPushMessage, type PushTarget } from './push.repository.ts';
import type { MerchantFormats } from './push.texts.ts';

/*
 * Every inbox message is pushed to the member's browsers (docs/decisions/037-web-push.md): one
 * outbox message per browser, worded in the member's language, written in the transaction that
 * left the message, delivered by the outbox's job through the Web Push driver.
 */

/** A member and the message left for them. */
export interface MemberMessage {
  userId: string;
  message: PushedMessage;
}

export interface QueuePushesOptions {
  /** The transaction that left the messages: the pushes exist exactly when the messages do. */
  tx: Database;
  merchantId: number;
  messages: MemberMessage[];
  now: Date;
}

// Rows per insert: far below PostgreSQL's limit of parameters in one statement.
const insertChunk = 1_000;

// Map.groupBy comes with Node 21; the server runs on Node 20 too.
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function formatsOf(merchant: MerchantRow): MerchantFormats {
  const { currencyCode: code, currencySymbol: symbol, currencyDecimals: decimalDigits, thousandSeparator, decimalSeparator } = merchant;
  return { currency: { code, symbol, decimalDigits, thousandSeparator, decimalSeparator }, timeZone: merchant.timezone };
}

function languageOf(target: PushTarget, merchant: MerchantRow): Language {
  const stored = languageSchema.safeParse(target.language);
  return stored.success ? stored.data : merchant.defaultLanguage;
}

/**
 * Queues the pushes of messages left for members of one merchant, to each of their browsers that
 * takes the message's kind (business-rules §2 notification settings). Costs one query when nobody
 * has a browser subscribed; messages to many members (a broadcast's page) cost a few statements
 * whatever their number. Answers how many pushes were queued.
 */
export async function queuePushes({ tx, merchantId, messages, now }: QueuePushesOptions): Promise<number> {
  const found: { entries: MemberMessage[]; targets: PushTarget[] }[] = [];
  for (const [kind, entries] of groupBy(messages, (entry) => entry.message.facts.kind)) {
    const targets = await findPushTargets(tx, { merchantId, userIds: [...new Set(entries.map((entry) => entry.userId))], kind });
    if (targets.length > 0) found.push({ entries, targets });
  }
  if (found.length === 0) return 0;

  const merchant = await findMerchant(tx, merchantId);
  if (!merchant) return 0;
  const formats = formatsOf(merchant);
  const { icon } = await getMerchantImageViews({ db: tx, merchantId });
  const iconUrl = icon?.src ?? merchant.iconUrl;

  const pushes: NewPushMessage[] = [];
  for (const { entries, targets } of found) {
    const browsersOf = groupBy(targets, (target) => target.userId);
    for (const { userId, message } of entries) {
      for (const target of browsersOf.get(userId) ?? []) {
        const language = languageOf(target, merchant);
        const payload = pushPayloadOf({ message, language, formats, icon: iconUrl });
        pushes.push({ merchantId, subscriptionId: target.subscriptionId, title: payload.title, payload: JSON.stringify(payload), purpose: `push:${message.facts.kind}`, language });
      }
    }
  }
  for (let start = 0; start < pushes.length; start += insertChunk) {
    await insertPushMessages(tx, { messages: pushes.slice(start, start + insertChunk), deliveryJobName, now });
  }
  return pushes.length;
}

/** queuePushes for one message: what leaveMessage calls. */
export async function queueMessagePush({ tx, merchantId, userId, message, now }: Omit<QueuePushesOptions, 'messages'> & MemberMessage): Promise<number> {
  return queuePushes({ tx, merchantId, messages: [{ userId, message }], now });
}
