import { describe, expect, it } from 'vitest';
import { cardListItem } from '../features/cards/cards.test-support.ts';
import { cardKeys } from '../lib/card-keys.ts';
import { inboxKeys } from '../lib/inbox-keys.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { sessionAnswerKey } from '../lib/session-answer.ts';
import { voucherKeys } from '../lib/voucher-keys.ts';
import { sessionUser } from '../test/session.test-support.ts';
import { drawnSessionOf, fillFirstQueries } from './first-queries.ts';

const session = { user: sessionUser({ name: 'Sari' }), loginType: 'otp', pinRequired: false, needSetPhone: false };
const cards = { data: [cardListItem()], page: 1, count: 1 };

describe('the first queries of a page', () => {
  it('fill the cache where the wallet’s calls would have put their answers', () => {
    const client = createQueryClient();
    const count = { '/api/v2/cards/my-vouchers-count': { data: { count: 4 } }, '/api/v2/inbox/unreads-inbox': { data: { count: 2 } } };
    expect(fillFirstQueries(client, '/cards?view=hidden', { '/api/auth/session': session, '/api/v2/cards?page=1&view=hidden': cards, ...count })).toBe(true);
    expect(client.getQueryData(sessionAnswerKey)).toEqual(session);
    expect(client.getQueryData(voucherKeys.count())).toBe(4);
    expect(client.getQueryData(inboxKeys.unread())).toBe(2);
    expect(client.getQueryData(cardKeys.list('hidden'))).toEqual({ pages: [cards], pageParams: [1] });
    expect(drawnSessionOf({ '/api/auth/session': session })).toEqual({ user: session.user, loginType: 'otp' });
  });

  it('fill nothing when an answer is missing or not what its call expects', () => {
    const client = createQueryClient();
    expect(fillFirstQueries(client, '/cards', { '/api/auth/session': session })).toBe(false);
    expect(fillFirstQueries(client, '/cards', { '/api/auth/session': session, '/api/v2/cards?page=1&view=active': { data: 'nope' }, '/api/v2/cards/my-vouchers-count': { data: { count: 1 } } })).toBe(false);
    const unread = { '/api/v2/inbox/unreads-inbox': { data: { count: 0 } } };
    expect(fillFirstQueries(client, '/cards', { '/api/auth/session': session, '/api/v2/cards?page=1&view=active': cards, '/api/v2/cards/my-vouchers-count': { data: { count: -1 } }, ...unread })).toBe(false);
    expect(fillFirstQueries(client, '/cards', { '/api/auth/session': session, '/api/v2/cards?page=1&view=active': cards, '/api/v2/cards/my-vouchers-count': { data: { count: 1 } } })).toBe(false);
    expect(fillFirstQueries(client, '/cards', { '/api/auth/session': session, '/api/v2/cards?page=1&view=active': cards, '/api/v2/cards/my-vouchers-count': { data: { count: 1 } }, '/api/v2/inbox/unreads-inbox': { data: {} } })).toBe(false);
    expect(fillFirstQueries(client, '/cards/card00000000000000000001', { '/api/auth/session': session })).toBe(false);
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(drawnSessionOf({ '/api/auth/session': { user: null } })).toBeNull();
  });
});
