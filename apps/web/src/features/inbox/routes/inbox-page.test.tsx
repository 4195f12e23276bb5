import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InboxMessage } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { InboxButton } from '../../../components/layout/header.tsx';
import { paths, v2PathOf } from '../../../config/paths.ts';
import { useInboxButton } from '../../../lib/inbox-badge.ts';
import { createTranslator } from '../../../lib/i18n.tsx';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { cardId, cardPath, shopCard } from '../../../test/shop.test-support.ts';
import { inboxMessage, inboxPage, inboxPath, merchantNews, pointsEarned, stubInbox, unreadAnswer, unreadPath } from '../inbox.test-support.ts';
import { CardInboxPage, InboxPage } from './inbox-page.tsx';

const read = { readAt: '2026-01-10T04:00:00.000Z' };
const cardLink = '/cards/card00000000000000000001';

/** One message of each kind, already read, so each title reads as it is drawn. */
const everyKind: InboxMessage[] = [
  merchantNews('m-1', read),
  pointsEarned('m-2', read),
  inboxMessage('m-3', { kind: 'points_earned', points: 1, unit: 'STAMP', balance: 1, programName: 'Kopi Stamps' }, read),
  inboxMessage('m-4', { kind: 'transfer_received', points: 300, unit: 'POINT', senderName: 'Budi S.', programName: 'Kopi Senja Rewards' }, read),
  inboxMessage('m-4b', { kind: 'transfer_received', points: 2, unit: 'STAMP', senderName: null, programName: 'Kopi Stamps' }, read),
  inboxMessage('m-4c', { kind: 'points_earned', points: 5_000, unit: 'CASH', balance: 65_000, programName: 'Kopi Cash' }, read),
  inboxMessage('m-5', { kind: 'order_status', orderNumber: 'KS-0042', status: 'on_courier' }, read),
  inboxMessage('m-6', { kind: 'order_status', orderNumber: 'KS-0043', status: 'held_at_customs' }, read),
  inboxMessage('m-7', { kind: 'payment_settled', status: 'paid', amount: 25_000, currency: 'IDR' }, read),
  inboxMessage('m-8', { kind: 'payment_settled', status: 'failed', amount: 150_000, currency: 'IDR' }, read),
  inboxMessage('m-9', { kind: 'payment_settled', status: 'expired', amount: 1_200_000, currency: 'IDR' }, read),
];

/** The header's inbox icon beside the page, as the wallet shows it, to watch the badge follow the page. */
function BadgeProbe() {
  return <InboxButton {...useInboxButton()} />;
}

/** The page with the badge beside it, both kept on whatever address the page moves to. */
function renderInbox(options: Parameters<typeof renderPage>[1] = {}) {
  return renderPage(
    <>
      <BadgeProbe />
      <InboxPage />
    </>,
    { path: '*', history: ['/cards', paths.notifications.href()], ...options },
  );
}

/** Each message of the list as 'title | text | when', in order. */
async function messageTexts(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: /^(Messages|Pesan)$/ });
  const part = (item: HTMLElement, name: string) => item.querySelector(`.inbox-item__${name}`)?.textContent ?? '';
  return within(list)
    .getAllByRole('listitem')
    .map((item) => [part(item, 'title'), part(item, 'text'), part(item, 'time')].join(' | '));
}

/** An answer the test lets go when it has looked at the page meanwhile. */
function heldAnswer(response: () => Response) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { answer: () => held.then(response), release };
}

const toasts = () => toast.getToasts().map(({ type, message }) => ({ type, message }));

afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
});

describe('InboxPage', () => {
  it('words every kind of message in English, with the app’s number and money formats', async () => {
    stubInbox({ [`GET ${inboxPath}`]: inboxPage(everyKind) });
    renderInbox();

    expect(screen.getByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    const texts = await messageTexts();
    // Before today, a message shows its day in the member's language.
    expect(texts.every((text) => text.endsWith(' | Jan 10, 2026'))).toBe(true);
    expect(texts.map((text) => text.replace(/ \| [^|]*$/, ''))).toEqual([
      'Double points weekend | Earn double points on every drink this Saturday and Sunday.',
      'You earned 1.250 points | Kopi Senja Rewards: your balance is now 12.500 points.',
      'You earned 1 stamp | Kopi Stamps: you now have 1 stamp.',
      'Budi S. sent you 300 points | Added to your Kopi Senja Rewards card.',
      'Another member sent you 2 stamps | Added to your Kopi Stamps card.',
      'You earned Rp 5.000 | Kopi Cash: your balance is now Rp 65.000.',
      'Order KS-0042 updated | Status: On delivery',
      'Order KS-0043 updated | Open the order to see where it is.',
      'Payment received | Your payment of Rp 25.000 went through.',
      'Payment failed | Your payment of Rp 150.000 did not go through.',
      'Payment expired | Your payment of Rp 1.200.000 was not completed in time.',
    ]);
  });

  it('words every kind of message in Indonesian', async () => {
    const translator = createTranslator('id');
    await translator.load(['common', 'pages', 'inbox', 'shop']);
    stubInbox({ [`GET ${inboxPath}`]: inboxPage(everyKind) });
    renderInbox({ translator });

    expect(await screen.findByRole('heading', { level: 1, name: 'Kotak masuk' })).toBeInTheDocument();
    const texts = await messageTexts();
    expect(texts.every((text) => text.endsWith(' | 10 Jan 2026'))).toBe(true);
    expect(texts.map((text) => text.replace(/ \| [^|]*$/, ''))).toEqual([
      'Double points weekend | Earn double points on every drink this Saturday and Sunday.',
      'Anda mendapat 1.250 poin | Kopi Senja Rewards: saldo Anda sekarang 12.500 poin.',
      'Anda mendapat 1 stempel | Kopi Stamps: Anda kini memiliki 1 stempel.',
      'Budi S. mengirimi Anda 300 poin | Sudah masuk ke kartu Kopi Senja Rewards Anda.',
      'Anggota lain mengirimi Anda 2 stempel | Sudah masuk ke kartu Kopi Stamps Anda.',
      'Anda mendapat Rp 5.000 | Kopi Cash: saldo Anda sekarang Rp 65.000.',
      'Pesanan KS-0042 diperbarui | Status: Dalam pengiriman',
      'Pesanan KS-0043 diperbarui | Buka pesanan untuk melihat statusnya.',
      'Pembayaran diterima | Pembayaran Anda sebesar Rp 25.000 berhasil.',
      'Pembayaran gagal | Pembayaran Anda sebesar Rp 150.000 tidak berhasil.',
      'Pembayaran kedaluwarsa | Pembayaran Anda sebesar Rp 1.200.000 tidak diselesaikan tepat waktu.',
    ]);
    expect(screen.getByRole('button', { name: 'Hapus pesan: Anda mendapat 1.250 poin' })).toBeInTheDocument();
  });

  it('marks an unread message by its look and by the word “Unread” in its name, and says how long ago it came today', async () => {
    const justNow = new Date().toISOString();
    stubInbox({ [`GET ${inboxPath}`]: inboxPage([merchantNews('m-1', { createdAt: justNow, link: cardLink }), pointsEarned('m-2', read)]) });
    renderInbox();

    const unread = await screen.findByRole('link', { name: /^Unread: Double points weekend/ });
    expect(unread).toHaveAccessibleName(/^Unread: Double points weekend Earn double points .* now$/);
    expect(unread.closest('li')).toHaveClass('inbox-item--unread');
    expect(unread.querySelector('.inbox-item__dot')).not.toBeNull();
    expect(within(unread).getByText('now')).toHaveAttribute('datetime', justNow);

    const seen = screen.getByRole('button', { name: /^You earned 1.250 points/ });
    expect(seen.closest('li')).not.toHaveClass('inbox-item--unread');
    expect(seen.querySelector('.inbox-item__dot')).toBeNull();
  });

  it('marks a message read when it is opened, takes the badge down at once and follows its link', async () => {
    const message = merchantNews('m-1', { link: cardLink });
    const readAnswer = heldAnswer(() => okAnswer({ data: { ...message, readAt: '2026-01-10T05:00:00.000Z' } }));
    const api = stubInbox({
      [`GET ${unreadPath}`]: [unreadAnswer(2), unreadAnswer(1)],
      [`GET ${inboxPath}`]: inboxPage([message, pointsEarned('m-2')]),
      [`POST ${inboxPath}/m-1/read`]: readAnswer.answer,
    });
    renderInbox();
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Inbox, 2 unread' })).toHaveTextContent('2');
    await user.click(await screen.findByRole('link', { name: /^Unread: Double points weekend/ }));

    expect(screen.getByTestId('location')).toHaveTextContent(cardLink);
    expect(await screen.findByRole('button', { name: 'Inbox, 1 unread' })).toBeInTheDocument();
    expect(api.to('POST', `${inboxPath}/m-1/read`)).toHaveLength(1);
    readAnswer.release();
    await waitFor(() => expect(api.to('GET', unreadPath)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Inbox, 1 unread' })).toBeInTheDocument();
  });

  it('opens a message without a link in place, its whole text shown, and marks it read', async () => {
    const message = pointsEarned('m-2');
    const api = stubInbox({
      [`GET ${unreadPath}`]: [unreadAnswer(1), unreadAnswer(0)],
      [`GET ${inboxPath}`]: inboxPage([message]),
      [`POST ${inboxPath}/m-2/read`]: () => okAnswer({ data: { ...message, readAt: '2026-01-10T05:00:00.000Z' } }),
    });
    renderInbox();
    const user = userEvent.setup();

    const opener = await screen.findByRole('button', { name: /^Unread: You earned 1.250 points/ });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await user.click(opener);

    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(opener.getAttribute('aria-controls') ?? '')).toHaveTextContent('Kopi Senja Rewards: your balance is now 12.500 points.');
    expect(opener).toHaveAccessibleName(/^You earned 1.250 points/);
    expect(await screen.findByRole('button', { name: 'Inbox' })).toBeInTheDocument();
    expect(api.to('POST', `${inboxPath}/m-2/read`)).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/notifications');
  });

  it('never follows a link that leaves the app', async () => {
    stubInbox({ [`GET ${inboxPath}`]: inboxPage([merchantNews('m-1', { ...read, link: '//evil.example/steal' })]) });
    renderInbox();
    expect(await screen.findByRole('button', { name: /^Double points weekend/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Double points weekend/ })).not.toBeInTheDocument();
  });

  it('marks every message read, and the badge goes at once', async () => {
    const readAll = heldAnswer(() => okAnswer({ data: { count: 0 } }));
    const api = stubInbox({
      [`GET ${unreadPath}`]: unreadAnswer(2),
      [`GET ${inboxPath}`]: inboxPage([merchantNews('m-1', { link: cardLink }), pointsEarned('m-2')]),
      [`POST ${inboxPath}/read-all`]: readAll.answer,
    });
    renderInbox();
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Inbox, 2 unread' })).toBeInTheDocument();
    await screen.findByRole('link', { name: /^Unread: Double points weekend/ });
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    expect(markAll).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(markAll);

    expect(await screen.findByRole('button', { name: 'Inbox' })).not.toHaveTextContent(/\d/);
    expect(screen.getByRole('link', { name: /^Double points weekend/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^You earned 1.250 points/ })).toBeInTheDocument();
    expect(screen.queryByText('Unread:', { exact: false })).not.toBeInTheDocument();
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    expect(markAll).toHaveFocus();
    expect(api.to('POST', `${inboxPath}/read-all`)).toHaveLength(1);
    expect(toasts()).toEqual([]);

    readAll.release();
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', message: 'All messages are marked as read' }]));
    expect(screen.getByRole('button', { name: 'Inbox' })).toBeInTheDocument();
  });

  it('deletes a message once the member confirms: it leaves the list and the badge at once, and focus moves to the next one', async () => {
    const deleted = heldAnswer(() => new Response(null, { status: 204 }));
    const api = stubInbox({
      [`GET ${unreadPath}`]: [unreadAnswer(2), unreadAnswer(1)],
      [`GET ${inboxPath}`]: inboxPage([merchantNews('m-1'), pointsEarned('m-2'), pointsEarned('m-3', read)]),
      [`DELETE ${inboxPath}/m-1`]: deleted.answer,
    });
    renderInbox();
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Inbox, 2 unread' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete message: Double points weekend' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this message?' });
    expect(dialog).toHaveTextContent('It will be removed from your inbox for good.');
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    // Before the server has answered: gone from the list and from the badge.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Double points weekend/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inbox, 1 unread' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Unread: You earned 1.250 points/ })).toHaveFocus());
    expect(api.to('DELETE', `${inboxPath}/m-1`)).toHaveLength(1);

    deleted.release();
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', message: 'Message deleted' }]));
    expect(screen.getByRole('button', { name: 'Inbox, 1 unread' })).toBeInTheDocument();
  });

  it('keeps a message the member chose to keep, and puts back one the server would not delete', async () => {
    stubInbox({
      [`GET ${unreadPath}`]: unreadAnswer(1),
      [`GET ${inboxPath}`]: inboxPage([merchantNews('m-1')]),
      [`DELETE ${inboxPath}/m-1`]: () => new Response(null, { status: 500 }),
    });
    renderInbox();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete message: Double points weekend' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Unread: Double points weekend/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete message: Double points weekend' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', message: 'Something happens in our side, please retry in a few moment.' }]));
    expect(await screen.findByRole('button', { name: /^Unread: Double points weekend/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inbox, 1 unread' })).toBeInTheDocument();
  });

  it('counts a message already deleted elsewhere as deleted', async () => {
    stubInbox({
      [`GET ${inboxPath}`]: inboxPage([merchantNews('m-1', read)]),
      [`DELETE ${inboxPath}/m-1`]: () => errorAnswer('INBOX_MESSAGE_NOT_FOUND'),
    });
    renderInbox();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete message: Double points weekend' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', message: 'Message deleted' }]));
  });

  it('says so when a message opened in place is no longer in the inbox', async () => {
    stubInbox({
      [`GET ${inboxPath}`]: [inboxPage([pointsEarned('m-2')]), inboxPage([])],
      [`POST ${inboxPath}/m-2/read`]: () => errorAnswer('INBOX_MESSAGE_NOT_FOUND'),
    });
    renderInbox();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Unread: You earned/ }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', message: 'This message is no longer in your inbox' }]));
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
  });

  it('loads older messages by cursor', async () => {
    const api = stubInbox({
      [`GET ${inboxPath}?cursor=c-2&limit=20`]: inboxPage([pointsEarned('m-2', read)]),
      [`GET ${inboxPath}`]: inboxPage([merchantNews('m-1', read)], 'c-2'),
    });
    renderInbox();
    const user = userEvent.setup();

    expect(await messageTexts()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more messages' }));
    expect(await screen.findByRole('button', { name: /^You earned 1.250 points/ })).toBeInTheDocument();
    expect(await messageTexts()).toHaveLength(2);
    expect(api.to('GET', inboxPath).map((request) => request.query.get('cursor'))).toEqual([null, 'c-2']);
    expect(api.to('GET', inboxPath).map((request) => request.query.get('limit'))).toEqual(['20', '20']);
    expect(screen.queryByRole('button', { name: 'Load more messages' })).not.toBeInTheDocument();
  });

  it('keeps the messages shown when the next page fails, and says so', async () => {
    stubInbox({
      [`GET ${inboxPath}?cursor=c-2&limit=20`]: () => new Response(null, { status: 502 }),
      [`GET ${inboxPath}`]: inboxPage([merchantNews('m-1', read)], 'c-2'),
    });
    renderInbox();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Load more messages' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    expect(screen.getByRole('button', { name: /^Double points weekend/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more messages' })).toBeInTheDocument();
  });

  it('says there are no messages yet, with a friendly line', async () => {
    stubInbox({ [`GET ${inboxPath}`]: inboxPage([]) });
    renderInbox();
    expect(await screen.findByRole('heading', { level: 2, name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.getByText('News from Kopi Senja and updates on your points, orders and payments will show up here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('shows the loading rows, then a failure with a way to try again', async () => {
    const first = heldAnswer(() => new Response(null, { status: 500 }));
    const api = stubInbox({ [`GET ${inboxPath}`]: [first.answer, inboxPage([merchantNews('m-1', read)])] });
    renderInbox();
    const user = userEvent.setup();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your messages');
    first.release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Double points weekend/ })).toBeInTheDocument();
    expect(api.to('GET', inboxPath)).toHaveLength(2);
  });
});

describe('CardInboxPage', () => {
  it('shows only the card’s messages, under its program’s name', async () => {
    const api = stubInbox({
      [`GET ${cardPath}`]: () => Response.json(shopCard()),
      [`GET ${inboxPath}`]: inboxPage([pointsEarned('m-2', { ...read, cardId })]),
    });
    renderPage(<CardInboxPage />, { path: v2PathOf(paths.cardNotifications.path), history: [`/v2/cards/${cardId}`, `/v2/cards/${cardId}/notifications`] });

    expect(await screen.findByRole('button', { name: /^You earned 1.250 points/ })).toBeInTheDocument();
    expect(await screen.findByText('Kopi Senja Rewards', { selector: '.app-header-subtitle' })).toBeInTheDocument();
    expect(api.to('GET', inboxPath).map((request) => request.query.get('cardId'))).toEqual([cardId]);
  });
});
