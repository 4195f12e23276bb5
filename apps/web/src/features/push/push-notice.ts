import { z } from 'zod';
import { pushKindSchema, pushPayloadSchema, pushRouteBodySchema, type PushKind, type PushPayload } from '@kartu/contracts';

/*
 * What the service worker (public/sw.js) tells the app of a push: by a message to an open window
 * (`kartu:push-received` when it arrives, `kartu:push-opened` when the member clicks it), or in the
 * `push` query of the page it opens. Both carry what the app needs: the modal of the push's kind
 * (app-core §2 global modals), its words, and the page it leads to.
 */

/** The query a page opened from a push carries. */
export const pushQueryName = 'push';

const pushNoticeSchema = z.object({
  kind: pushKindSchema.nullable(),
  messageId: z.string(),
  link: z.string().startsWith('/').nullable(),
  queryString: pushRouteBodySchema.optional(),
  StoreRating: z.object({ transactionId: z.string() }).optional(),
  title: z.string().optional(),
  body: z.string().optional(),
});
export type PushNotice = z.infer<typeof pushNoticeSchema>;

export function noticeOf(payload: PushPayload): PushNotice {
  const { extras } = payload;
  return { kind: extras.kind, messageId: extras.messageId, link: extras.link, queryString: extras.queryString, StoreRating: extras.StoreRating, title: payload.title, body: payload.body };
}

const workerMessageSchema = z.object({ type: z.enum(['kartu:push-received', 'kartu:push-opened']), payload: pushPayloadSchema });

/** A message of the service worker, read; null for anything else. */
export function readWorkerMessage(data: unknown): { event: 'received' | 'opened'; notice: PushNotice } | null {
  const message = workerMessageSchema.safeParse(data);
  if (!message.success) return null;
  return { event: message.data.type === 'kartu:push-received' ? 'received' : 'opened', notice: noticeOf(message.data.payload) };
}

/** The push a page was opened from, read from its query; null when it was not, or the query is not one. */
export function readPushQuery(search: string): PushNotice | null {
  const text = new URLSearchParams(search).get(pushQueryName);
  if (!text) return null;
  try {
    const notice = pushNoticeSchema.safeParse(JSON.parse(text));
    return notice.success ? notice.data : null;
  } catch {
    return null;
  }
}

/** The query without the push's: the page keeps its own query, and a reload opens no modal again. */
export function withoutPushQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(pushQueryName);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The kinds whose push opens a modal: every kind does; a push without one is a plain notification. */
export function hasModal(notice: PushNotice): notice is PushNotice & { kind: PushKind } {
  return notice.kind !== null;
}
