import type { InboxFacts, InboxMessage } from '@kartu/contracts';
import { okAnswer, stubApi, type Answer } from '../../test/api-stub.test-support.ts';

export const inboxPath = '/api/v2/inbox';
export const unreadPath = '/api/v2/inbox/unreads-inbox';

/** A message as the API answers it: unread, without a link, of the whole wallet, unless told otherwise. */
export function inboxMessage(id: string, facts: InboxFacts, overrides: Partial<Omit<InboxMessage, 'id' | 'facts'>> = {}): InboxMessage {
  return { id, facts, link: null, cardId: null, createdAt: '2026-01-10T03:00:00.000Z', readAt: null, ...overrides };
}

export const merchantNews = (id = 'm-news', overrides: Partial<InboxMessage> = {}) =>
  inboxMessage(id, { kind: 'merchant', title: 'Double points weekend', text: 'Earn double points on every drink this Saturday and Sunday.' }, overrides);

export const pointsEarned = (id = 'm-points', overrides: Partial<InboxMessage> = {}) =>
  inboxMessage(id, { kind: 'points_earned', points: 1250, unit: 'POINT', balance: 12500, programName: 'Kopi Senja Rewards' }, overrides);

export const inboxPage = (data: InboxMessage[], nextCursor: string | null = null) => () => okAnswer({ data, nextCursor });
export const unreadAnswer = (count: number) => () => okAnswer({ data: { count } });

/** The API stubbed with the test's answers, and an unread count of 0 unless the test gives one. */
export function stubInbox(routes: Record<string, Answer | Answer[]>) {
  return stubApi({ [`GET ${unreadPath}`]: unreadAnswer(0), ...routes });
}
