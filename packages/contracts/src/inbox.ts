import { z } from 'zod';
import { balanceUnitSchema } from './cards.ts';
import { memberPhoneSchema } from './integration.ts';

/*
 * The member's inbox (business-rules §2; app-core §2 /notifications, §7 api/v2/inbox/unreads-inbox):
 * messages the merchant writes, and messages the system leaves when something happens to the
 * member. A system message carries its facts, not its words: the app words it in the member's
 * language. docs/decisions/031-inbox.md.
 */

const when = z.string().datetime();
const pointsAmount = z.number().int().min(0);

/** What a system message is about, and the facts the app words it from. */
export const inboxFactsSchema = z.discriminatedUnion('kind', [
  /** The merchant's own words: a title and a text. */
  z.object({ kind: z.literal('merchant'), title: z.string().min(1).max(120), text: z.string().min(1).max(2_000) }),
  /** A purchase at the merchant earned points (or stamps: `unit` says which); `balance` is the card's just after. */
  z.object({ kind: z.literal('points_earned'), points: pointsAmount, unit: balanceUnitSchema, balance: pointsAmount, programName: z.string() }),
  /**
   * Another member sent points (or stamps). `senderName` is masked as the transfer preview masks a
   * name ("Budi S."), and null when the sender has none.
   */
  z.object({ kind: z.literal('transfer_received'), points: pointsAmount, unit: balanceUnitSchema, senderName: z.string().nullable(), programName: z.string() }),
  /** The merchant moved one of the member's orders on. */
  z.object({ kind: z.literal('order_status'), orderNumber: z.string(), status: z.string() }),
  /** A payment of the member's was settled: paid, failed or expired. */
  z.object({ kind: z.literal('payment_settled'), status: z.enum(['paid', 'failed', 'expired']), amount: z.number().int().min(0), currency: z.string().regex(/^[A-Z]{3}$/) }),
]);
export type InboxFacts = z.infer<typeof inboxFactsSchema>;
export type InboxKind = InboxFacts['kind'];

export const inboxMessageSchema = z.object({
  id: z.string(),
  facts: inboxFactsSchema,
  /** The app page the message opens (`/cards/{cardId}`, an order's page), or null. */
  link: z.string().startsWith('/').nullable(),
  /** The card the message is about, for a card's own inbox; null for the whole wallet. */
  cardId: z.string().nullable(),
  createdAt: when,
  readAt: when.nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** Newest first, by cursor; `cardId` keeps one card's messages (the v2 card's notifications). */
export const inboxListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cardId: z.string().min(1).max(64).optional(),
});
export const inboxPageSchema = z.object({ data: z.array(inboxMessageSchema), nextCursor: z.string().nullable() });
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxMessageParamsSchema = z.object({ messageId: z.string().min(1).max(64) });
export const inboxMessageAnswerSchema = z.object({ data: inboxMessageSchema });

/** app-core §7 `GET api/v2/inbox/unreads-inbox`: the header's badge; the app shows 0 when it fails. */
export const unreadInboxSchema = z.object({ data: z.object({ count: z.number().int().min(0) }) });
export type UnreadInbox = z.infer<typeof unreadInboxSchema>;

/** `POST /integration/v1/messages`: the merchant writes to one member, found by phone. */
export const integrationMessageBodySchema = z.object({
  memberPhone: memberPhoneSchema,
  title: z.string().trim().min(1).max(120),
  text: z.string().trim().min(1).max(2_000),
  /** An app path the message opens, e.g. `/cards` or a card's catalog; `//host` would leave the app, and is refused. */
  link: z.string().trim().max(300).regex(/^\/(?![/\\])/, 'The link is a path of the app, starting with one /').optional(),
});
export type IntegrationMessageBody = z.infer<typeof integrationMessageBodySchema>;
export const integrationMessageAnswerSchema = z.object({ data: z.object({ id: z.string(), createdAt: when }) });
