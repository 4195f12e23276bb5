import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { cardListAnswerSchema, cardViewSchema, myVouchersCountSchema, sessionAnswerSchema, unreadInboxSchema, type SessionAnswer } from '@kartu/contracts';
import { paths } from '../config/paths.ts';
import { v2RoutePatterns } from '../config/v2-routes.ts';
import { cardsQueryOptions } from '../features/cards/api/get-cards.ts';
import { buildUrl } from '../lib/api-client.ts';
import { inboxKeys } from '../lib/inbox-keys.ts';
import { queryClient } from '../lib/query-client.ts';
import type { Session } from '../lib/session.ts';
import { sessionAnswerKey } from '../lib/session-answer.ts';
import { voucherKeys } from '../lib/voucher-keys.ts';

/**
 * One API call a page makes as soon as it renders, and where its answer goes in the query cache,
 * in the shape the call would have put it there (it throws on an answer the call would refuse).
 */
interface FirstQuery {
  /** The call's address as the API client spells it. */
  url: string;
  entry(answer: unknown): { queryKey: QueryKey; data: unknown };
}

const sessionQuery: FirstQuery = {
  url: buildUrl('/api/auth/session', undefined),
  entry: (answer) => ({ queryKey: sessionAnswerKey, data: sessionAnswerSchema.parse(answer) }),
};

/** The wallet header's count of usable vouchers (the card list's "My vouchers" link). */
const voucherCountQuery: FirstQuery = {
  url: buildUrl('/api/v2/cards/my-vouchers-count', undefined),
  entry: (answer) => ({ queryKey: voucherKeys.count(), data: myVouchersCountSchema.parse(answer).data.count }),
};

/** The header's unread messages (the inbox icon's badge). */
const unreadInboxQuery: FirstQuery = {
  url: buildUrl('/api/v2/inbox/unreads-inbox', undefined),
  entry: (answer) => ({ queryKey: inboxKeys.unread(), data: unreadInboxSchema.parse(answer).data.count }),
};

const walletPaths = new Set<string>([paths.cards.path, `/v2${v2RoutePatterns.cards}`]);

/**
 * The calls a member's page makes first, by its address: the server answers them into the page,
 * and draws it with them, so the page paints on one request instead of the page, then the app,
 * then these. Only the wallet, for now; other pages make their calls when they render.
 */
export function firstQueriesOf(url: string): FirstQuery[] {
  const address = new URL(url, 'http://page.invalid');
  if (!walletPaths.has(address.pathname)) return [];
  const parsed = cardViewSchema.safeParse(address.searchParams.get('view') ?? undefined);
  const view = parsed.success ? parsed.data : 'active';
  const options = cardsQueryOptions(view);
  return [
    sessionQuery,
    {
      url: buildUrl('/api/v2/cards', { page: options.initialPageParam, view }),
      entry: (answer) => ({ queryKey: options.queryKey, data: { pages: [cardListAnswerSchema.parse(answer)], pageParams: [options.initialPageParam] } }),
    },
    voucherCountQuery,
    unreadInboxQuery,
  ];
}

/** The addresses of a page's first calls (what the server answers into it). */
export function firstCallsOf(url: string): string[] {
  return firstQueriesOf(url).map((query) => query.url);
}

/**
 * Fills a query cache with the answers to the page's first calls; false, with nothing filled,
 * when one is missing or not what its call expects (the page then makes its calls itself).
 */
export function fillFirstQueries(client: QueryClient, url: string, answers: Record<string, unknown>): boolean {
  const queries = firstQueriesOf(url);
  if (queries.length === 0 || queries.some((query) => !Object.hasOwn(answers, query.url))) return false;
  let entries: { queryKey: QueryKey; data: unknown }[];
  try {
    entries = queries.map((query) => query.entry(answers[query.url]));
  } catch {
    return false;
  }
  for (const { queryKey, data } of entries) client.setQueryData(queryKey, data);
  return true;
}

/** The app's own query cache filled so (the browser, before its first render). */
export function fillAppQueries(url: string, answers: Record<string, unknown>): boolean {
  return fillFirstQueries(queryClient, url, answers);
}

/** The member the answers name, for drawing their page (null when they name none). */
export function drawnSessionOf(answers: Record<string, unknown>): Session | null {
  const parsed = sessionAnswerSchema.safeParse(answers[sessionQuery.url]);
  if (!parsed.success) return null;
  const answer: SessionAnswer = parsed.data;
  return { user: answer.user, loginType: answer.loginType };
}
