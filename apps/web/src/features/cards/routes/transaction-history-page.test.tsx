import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TransactionHistoryPage } from './transaction-history-page.tsx';
import { cardFixture, cardId, cardPath, transactionFixture } from '../../../features/cards/cards.test-support.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { paths } from '../../../config/paths.ts';
import { createTranslator } from '../../../lib/i18n.tsx';
import type { Translator } from '../../../lib/translator.ts';

const historyPath = `${cardPath}/transactions`;

/** Facts of a movement the history names by the note it was recorded with. */
const noted = (note: string) => ({ kind: 'redeemed', note }) as const;

function renderHistory({ translator }: { translator?: Translator } = {}) {
  return renderPage(<TransactionHistoryPage />, { path: paths.cardTransactionHistory.path, history: [`/cards/${cardId}`, `/cards/${cardId}/transaction-history`], translator });
}

const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;

beforeEach(() => {
  // The member's zone is Jakarta (UTC+7), whatever the machine running the tests uses.
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone: 'Asia/Jakarta' };
  });
  vi.useFakeTimers({ now: Date.parse('2025-03-02T05:00:00.000Z'), toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('TransactionHistoryPage', () => {
  it('asks for the next page with the cursor of the last one and adds it below', async () => {
    const server = stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${historyPath}`]: [
        () => okAnswer({ data: [transactionFixture({ id: 't-1', facts: noted('Flat white') })], nextCursor: 'cursor-2' }),
        () => okAnswer({ data: [transactionFixture({ id: 't-2', facts: noted('Croissant') })], nextCursor: null }),
      ],
    });
    renderHistory();

    await screen.findByText('Flat white');
    expect(server.to('GET', historyPath)[0]?.query.has('cursor')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await screen.findByText('Croissant');
    expect(server.to('GET', historyPath)[1]?.query.get('cursor')).toBe('cursor-2');
    expect(screen.getByText('Flat white')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    let reportVisible: (() => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          reportVisible = () => callback([{ isIntersecting: true }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    const server = stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${historyPath}`]: [
        () => okAnswer({ data: [transactionFixture({ id: 't-1', facts: noted('Flat white') })], nextCursor: 'cursor-2' }),
        () => okAnswer({ data: [transactionFixture({ id: 't-2', facts: noted('Croissant') })], nextCursor: null }),
      ],
    });
    renderHistory();
    await screen.findByText('Flat white');
    await waitFor(() => expect(reportVisible).toBeDefined());

    reportVisible?.();
    await screen.findByText('Croissant');
    expect(server.to('GET', historyPath)[1]?.query.get('cursor')).toBe('cursor-2');
  });

  it('groups the movements by day in the member’s time zone, newest first', async () => {
    stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${historyPath}`]: [
        () =>
          okAnswer({
            data: [
              // 2 March 01:00 in Jakarta, though still 1 March in UTC.
              transactionFixture({ id: 't-1', facts: noted('Today’s coffee'), occurredAt: '2025-03-01T18:00:00.000Z' }),
              transactionFixture({ id: 't-2', facts: noted('Yesterday’s coffee'), occurredAt: '2025-03-01T09:00:00.000Z' }),
              transactionFixture({ id: 't-3', facts: noted('Older coffee'), occurredAt: '2025-02-26T03:00:00.000Z' }),
              transactionFixture({ id: 't-4', facts: noted('Another older coffee'), occurredAt: '2025-02-26T01:00:00.000Z' }),
            ],
            nextCursor: null,
          }),
      ],
    });
    renderHistory();
    await screen.findByText('Older coffee');

    const days = screen.getAllByRole('region');
    expect(days.map((day) => within(day).getByRole('heading').textContent)).toEqual(['Today', 'Yesterday', 'Wednesday, February 26, 2025']);
    expect(within(days[0] as HTMLElement).getByText('Today’s coffee')).toBeInTheDocument();
    expect(within(days[2] as HTMLElement).getAllByRole('link')).toHaveLength(2);
  });

  it('words each kind from its facts and signs its amount: plus in green for points in, minus in red for points out', async () => {
    const orderId = '7d1f0c52-3a4b-4c5d-8e9f-0a1b2c3d4e5f';
    stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${historyPath}`]: [
        () =>
          okAnswer({
            data: [
              transactionFixture({ id: 't-earn', kind: 'earn', facts: { kind: 'purchase', billNumber: 'BILL-0042' }, amount: 1250, reference: 'BILL-0042' }),
              transactionFixture({ id: 't-reward', kind: 'reward', facts: { kind: 'reward', reward: 'welcome', title: 'Welcome bonus' }, amount: 100 }),
              transactionFixture({ id: 't-redeem', kind: 'redeem', facts: { kind: 'redeemed', note: null }, amount: -300 }),
              transactionFixture({ id: 't-out', kind: 'transfer-out', facts: { kind: 'transfer_sent' }, amount: -50, counterparty: { cardNo: '•••• 4444', name: 'Budi' } }),
              transactionFixture({ id: 't-in', kind: 'transfer-in', facts: { kind: 'transfer_received' }, amount: 20, counterparty: { cardNo: '•••• 1234', name: null } }),
              transactionFixture({ id: 't-expiry', kind: 'expiry', facts: { kind: 'expiry' }, amount: -10 }),
              transactionFixture({ id: 't-void', kind: 'reversal', facts: { kind: 'reversal', reversed: { kind: 'purchase', billNumber: 'BILL-0042' }, reason: 'Keyed twice' }, amount: -1250, reference: 'BILL-0042' }),
              transactionFixture({ id: 't-adjust', kind: 'adjustment', facts: { kind: 'adjustment', reason: 'Missed at the till' }, amount: 5 }),
              transactionFixture({ id: 't-order', kind: 'redeem', facts: { kind: 'order_payment', orderId, orderNumber: '250301-K7QW2M' }, amount: -250, reference: `order:${orderId}` }),
              transactionFixture({ id: 't-refund', kind: 'reversal', facts: { kind: 'order_refund', orderId, orderNumber: '250301-K7QW2M', status: 'cancelled' }, amount: 250, reference: `order:${orderId}` }),
            ],
            nextCursor: null,
          }),
      ],
    });
    renderHistory();
    await screen.findAllByText('BILL-0042');

    const rows = screen.getAllByRole('link');
    const read = (index: number) => {
      const row = rows[index] as HTMLElement;
      return { text: row.textContent, amount: row.querySelector('.amount')?.className, href: row.getAttribute('href') };
    };
    expect(read(0).text).toMatch(/^Purchase at Kopi Senja.*BILL-0042.*Received \+1\.250 Pts$/);
    expect(read(0).amount).toContain('amount--in');
    expect(read(0).href).toBe(`/cards/${cardId}/transaction-detail/t-earn`);
    expect(read(1).text).toMatch(/^Welcome reward.*Welcome bonus.*\+100 Pts$/);
    expect(read(2).text).toMatch(/^Points redeemed.*Spent \u2212300 Pts$/);
    expect(read(2).amount).toContain('amount--out');
    expect(read(3).text).toMatch(/^Sent to Budi.*\u221250 Pts$/);
    expect(read(4).text).toMatch(/^Received from •••• 1234.*\+20 Pts$/);
    expect(read(5).text).toMatch(/^Points expired.*\u221210 Pts$/);
    // The merchant's reason stays in the merchant's words.
    expect(read(6).text).toMatch(/^Reversed: Purchase at Kopi Senja.*Keyed twice.*\u22121\.250 Pts$/);
    expect(read(7).text).toMatch(/^Adjustment by Kopi Senja.*Missed at the till.*\+5 Pts$/);
    // An order's own reference (order:<id>) is not shown: its number is.
    expect(read(8).text).toMatch(/^Order 250301-K7QW2M\d{2}[.:]\d{2}.*\u2212250 Pts$/);
    expect(read(9).text).toMatch(/^Refund for order 250301-K7QW2M.*The order was cancelled.*\+250 Pts$/);
    expect(screen.queryByText(/^order:/)).not.toBeInTheDocument();
  });

  it.each([
    {
      language: 'id' as const,
      heading: 'Riwayat Transaksi',
      purchase: 'Pembelian di Kopi Senja',
      sent: 'Dikirim ke Budi',
      received: 'Diterima dari •••• 1234',
      expiry: 'Poin kedaluwarsa',
      stamps: 'Stempel kedaluwarsa',
    },
    {
      language: 'ja' as const,
      heading: '取引履歴',
      purchase: 'Kopi Senjaでのお買い物',
      sent: 'Budiさんへ送付',
      received: '•••• 1234さんから受け取り',
      expiry: 'ポイントの失効',
      stamps: 'スタンプの失効',
    },
  ])('words a purchase, a transfer and an expiry in the member’s language ($language)', async ({ language, heading, ...words }) => {
    const translator = createTranslator(language);
    await translator.load(['common', 'pages', 'cards']);
    stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${historyPath}`]: [
        () =>
          okAnswer({
            data: [
              transactionFixture({ id: 't-earn', kind: 'earn', facts: { kind: 'purchase', billNumber: 'KS-20250301-0042' }, amount: 81, reference: 'KS-20250301-0042' }),
              transactionFixture({ id: 't-out', kind: 'transfer-out', facts: { kind: 'transfer_sent' }, amount: -50, counterparty: { cardNo: '•••• 4444', name: 'Budi' } }),
              transactionFixture({ id: 't-in', kind: 'transfer-in', facts: { kind: 'transfer_received' }, amount: 30, counterparty: { cardNo: '•••• 1234', name: null } }),
              transactionFixture({ id: 't-expiry', kind: 'expiry', facts: { kind: 'expiry' }, amount: -10 }),
              transactionFixture({ id: 't-stamps', kind: 'expiry', facts: { kind: 'expiry' }, amount: -2, unit: 'STAMP' }),
            ],
            nextCursor: null,
          }),
      ],
    });
    renderHistory({ translator });

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const rows = await screen.findAllByRole('link');
    const titles = rows.map((row) => row.querySelector('.list-row__title')?.textContent);
    expect(titles).toEqual([words.purchase, words.sent, words.received, words.expiry, words.stamps]);
    // The bill number stays as the till printed it, under the purchase.
    expect(rows[0]?.querySelector('.list-row__subtitle')?.textContent).toBe('KS-20250301-0042');
    expect(screen.queryByText(/Purchase|Sent to|Received from|expired/)).not.toBeInTheDocument();
  });

  it('says so when the card has no movements yet', async () => {
    stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${historyPath}`]: [() => okAnswer({ data: [], nextCursor: null })],
    });
    renderHistory();
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the 404 page with ‘Card not found’ for a card that is not the member’s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      [`GET ${cardPath}`]: [() => errorAnswer('CARD_NOT_FOUND')],
      [`GET ${historyPath}`]: [() => errorAnswer('CARD_NOT_FOUND')],
    });
    renderHistory();
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Card not found');
  });
});
