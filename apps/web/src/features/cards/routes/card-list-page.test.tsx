import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/feedback/toast-store.ts';
import { setSession } from '../../../lib/session.ts';
import { CardListPage } from './card-list-page.tsx';
import { cardListItem } from '../../../features/cards/cards.test-support.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { testSite } from '../../../test/site.test-support.ts';
import { sessionUser } from '../../../test/session.test-support.ts';
import { paths } from '../../../config/paths.ts';

const sessionAnswer = {
  user: { id: 'u-7', maskedId: 'mU7', merchantId: 42, email: null, phone: '081234567890', name: 'Sari Wulandari', country: 'ID' },
  loginType: 'otp',
  pinRequired: false,
  needSetPhone: false,
};

function cards(count: number, from = 1) {
  return Array.from({ length: count }, (_, index) => {
    const n = String(from + index).padStart(2, '0');
    return cardListItem({ id: `card000000000000000000${n}`, programName: `Program ${n}`, no: `60123456789012${n}` });
  });
}

const page = (data: unknown[], pageNumber: number, count: number) => () => Response.json({ data, page: pageNumber, count });

function renderList({ site = testSite(), history = ['/cards'] } = {}) {
  setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'otp' });
  return renderPage(<CardListPage />, { path: paths.cards.path, history, site });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CardListPage', () => {
  it('greets the member by the name the server knows', async () => {
    stubApi({ 'GET /api/auth/session': () => Response.json(sessionAnswer), 'GET /api/v2/cards': page([], 1, 0) });
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'My cards' })).toBeInTheDocument();
    expect(await screen.findByText('Hi, Sari Wulandari')).toBeInTheDocument();
  });

  it('shows each card with its program, balance in its unit and level', async () => {
    stubApi({
      'GET /api/v2/cards': page(
        [
          cardListItem({ id: 'card00000000000000000001', programName: 'Kopi Senja Rewards', balance: { amount: 1250, unit: 'POINT' } }),
          cardListItem({ id: 'card00000000000000000002', programName: 'Kopi Stamps', balance: { amount: 6, unit: 'STAMP' }, level: null }),
          cardListItem({ id: 'card00000000000000000003', programName: 'Kopi Cash', balance: { amount: 25000, unit: 'CASH' }, level: null }),
        ],
        1,
        3,
      ),
    });
    renderList();
    const points = await screen.findByRole('article', { name: 'Kopi Senja Rewards' });
    expect(within(points).getByText('1.250 Pts')).toBeInTheDocument();
    expect(within(points).getByText('Silver')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Kopi Stamps' })).getByText('6 Stamps')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Kopi Cash' })).getByText('Rp 25.000')).toBeInTheDocument();
    expect(within(points).getByRole('link')).toHaveAttribute('href', '/cards/card00000000000000000001');
    expect(screen.getByRole('link', { name: 'Add card' })).toHaveAttribute('href', '/cards/add-card');
  });

  it('shows a gift card as one: its label, and the money left on it in the card’s link', async () => {
    stubApi({
      'GET /api/v2/cards': page(
        [
          cardListItem({ id: 'card00000000000000000001', programName: 'Kopi Senja Rewards' }),
          cardListItem({ id: 'card00000000000000000002', type: 'eGift', programType: 'egift', programName: 'Kopi Senja Gift Card', balance: { amount: 65000, unit: 'CASH' }, level: null }),
        ],
        1,
        2,
      ),
    });
    renderList();
    const gift = await screen.findByRole('article', { name: 'Kopi Senja Gift Card' });
    const link = within(gift).getByRole('link');
    expect(link).toHaveAttribute('href', '/cards/card00000000000000000002');
    expect(link).toHaveTextContent(/Gift card/);
    expect(link).toHaveTextContent(/Left to spend Rp 65\.000/);
    expect(within(screen.getByRole('article', { name: 'Kopi Senja Rewards' })).queryByText('Gift card')).not.toBeInTheDocument();
  });

  it('asks for page 2 while fewer cards are loaded than the count, and appends it', async () => {
    const { requests: calls } = stubApi({
      'GET /api/v2/cards?page=1&view=active': page(cards(10), 1, 12),
      'GET /api/v2/cards?page=2&view=active': page(cards(2, 11), 2, 12),
    });
    renderList();
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Load more cards' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    expect(screen.getByRole('article', { name: 'Program 12' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v2/cards').map((call) => call.url)).toEqual([
      '/api/v2/cards?page=1&view=active',
      '/api/v2/cards?page=2&view=active',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more cards' })).not.toBeInTheDocument();
  });

  it("leads to the member's vouchers with how many are usable, and to them all the same when the count fails", async () => {
    stubApi({ 'GET /api/v2/cards': page(cards(1), 1, 1), 'GET /api/v2/cards/my-vouchers-count': () => okAnswer({ data: { count: 3 } }) });
    const { unmount } = renderList();
    expect(await screen.findByRole('link', { name: 'My vouchers, 3 available' })).toHaveAttribute('href', '/egifts');
    unmount();
    vi.unstubAllGlobals();
    stubApi({ 'GET /api/v2/cards': page(cards(1), 1, 1), 'GET /api/v2/cards/my-vouchers-count': () => errorAnswer('INTERNAL') });
    renderList();
    await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: 'My vouchers' })).toHaveAttribute('href', '/egifts');
  });

  it('offers no more pages once every card is loaded', async () => {
    stubApi({ 'GET /api/v2/cards': page(cards(3), 1, 3) });
    renderList();
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more cards' })).not.toBeInTheDocument();
  });

  it('shows the hidden cards in their own tab, reached with the arrow keys too', async () => {
    const { requests: calls } = stubApi({
      'GET /api/v2/cards?page=1&view=active': page(cards(1), 1, 1),
      'GET /api/v2/cards?page=1&view=hidden': page([cardListItem({ id: 'card00000000000000000009', programName: 'Hidden one', hidden: true })], 1, 1),
      'GET /api/v2/cards?page=1&view=archived': page([], 1, 0),
    });
    renderList();
    await screen.findByRole('article', { name: 'Program 01' });
    await userEvent.click(screen.getByRole('tab', { name: 'Hidden' }));
    expect(await screen.findByRole('article', { name: 'Hidden one' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cards?view=hidden');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Archived' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Archived' })).toHaveFocus();
    expect(await screen.findByRole('heading', { name: 'No archived cards' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/v2/cards?page=1&view=archived');
  });

  it('hides a card from its menu and reloads the lists', async () => {
    const toastSuccess = vi.spyOn(toast, 'success');
    let activeLoads = 0;
    const { requests: calls } = stubApi({
      'GET /api/v2/cards?page=1&view=active': () => {
        activeLoads += 1;
        return activeLoads === 1 ? Response.json({ data: cards(2), page: 1, count: 2 }) : Response.json({ data: cards(1, 2), page: 1, count: 1 });
      },
      'POST /api/v2/cards/card00000000000000000001/hide': () => new Response(null, { status: 204 }),
    });
    renderList();
    await screen.findByRole('article', { name: 'Program 01' });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Program 01' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Hide card' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Archive card' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Program 01' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/v2/cards/card00000000000000000001/hide')).toBe(true);
    expect(activeLoads).toBe(2);
    expect(toastSuccess).toHaveBeenCalledWith('Program 01 is now hidden');
  });

  it('closes a card menu with Escape and gives focus back to its button', async () => {
    stubApi({ 'GET /api/v2/cards': page(cards(1), 1, 1) });
    renderList();
    await screen.findByRole('article');
    const button = screen.getByRole('button', { name: 'Actions for Program 01' });
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('opens the only card straight away when the home page has no add-card button', async () => {
    stubApi({ 'GET /api/v2/cards': page(cards(1), 1, 1) });
    const site = testSite({ merchant: { homePage: { ...testSite().merchant.homePage, addCardButton: false } } });
    renderList({ site });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cards/card00000000000000000001'));
  });

  it('stays on the wallet with one card when the home page has the add-card button', async () => {
    stubApi({ 'GET /api/v2/cards': page(cards(1), 1, 1) });
    renderList();
    expect(await screen.findByRole('article', { name: 'Program 01' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/);
  });

  it('says the wallet is empty and offers to add a card', async () => {
    stubApi({ 'GET /api/v2/cards': page([], 1, 0) });
    renderList();
    expect(await screen.findByRole('heading', { level: 2, name: 'You have no cards yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add card' })).toHaveAttribute('href', '/cards/add-card');
  });

  it('says when the cards cannot be loaded and loads them again on request', async () => {
    let loads = 0;
    stubApi({
      'GET /api/v2/cards': () => {
        loads += 1;
        return loads === 1 ? Response.json({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests' }, { status: 429 }) : Response.json({ data: cards(1), page: 1, count: 1 });
      },
    });
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please try again later');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Program 01' })).toBeInTheDocument();
  });

  it('shows the inbox icon with how many messages are unread, and opens the inbox', async () => {
    stubApi({ 'GET /api/v2/cards': page(cards(2), 1, 2), 'GET /api/v2/inbox/unreads-inbox': () => Response.json({ data: { count: 4 } }) });
    renderList();
    const inbox = await screen.findByRole('button', { name: 'Inbox, 4 unread' });
    expect(inbox).toHaveTextContent(/^4$/);
    await userEvent.click(inbox);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/notifications$/);
  });

  it('caps the inbox badge at 99+ while its name says the whole count', async () => {
    stubApi({ 'GET /api/v2/cards': page(cards(2), 1, 2), 'GET /api/v2/inbox/unreads-inbox': () => Response.json({ data: { count: 120 } }) });
    renderList();
    expect(await screen.findByRole('button', { name: 'Inbox, 120 unread' })).toHaveTextContent(/^99\+$/);
  });

  it.each([
    ['fails', () => Response.json({ statusCode: 500, code: 'INTERNAL', message: 'Boom' }, { status: 500 })],
    ['answers something else', () => Response.json({ data: { count: -3 } })],
  ])('counts 0 unread when the unread count %s, without a word on the page', async (_case, answer) => {
    const api = stubApi({ 'GET /api/v2/cards': page(cards(2), 1, 2), 'GET /api/v2/inbox/unreads-inbox': answer });
    renderList();
    expect(await screen.findByRole('article', { name: 'Program 01' })).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', '/api/v2/inbox/unreads-inbox')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Inbox' }).querySelector('.icon-btn__count')).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toast.getToasts()).toEqual([]);
  });
});
