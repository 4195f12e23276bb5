import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TransactionHistoryPage } from './transaction-history-page.tsx';
import { cardFixture, cardId, cardPath, transactionFixture } from '../../../features/cards/cards.test-support.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { paths } from '../../../config/paths.ts';

const historyPath = `${cardPath}/transactions`;

function renderHistory() {
  return renderPage(<TransactionHistoryPage />, { path: paths.cardTransactionHistory.path, history: [`/cards/${cardId}`, `/cards/${cardId}/transaction-history`] });
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
        () => okAnswer({ data: [transactionFixture({ id: 't-1', description: 'Flat white' })], nextCursor: 'cursor-2' }),
        () => okAnswer({ data: [transactionFixture({ id: 't-2', description: 'Croissant' })], nextCursor: null }),
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
        () => okAnswer({ data: [transactionFixture({ id: 't-1', description: 'Flat white' })], nextCursor: 'cursor-2' }),
        () => okAnswer({ data: [transactionFixture({ id: 't-2', description: 'Croissant' })], nextCursor: null }),
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
              transactionFixture({ id: 't-1', description: 'Today’s coffee', occurredAt: '2025-03-01T18:00:00.000Z' }),
              transactionFixture({ id: 't-2', description: 'Yesterday’s coffee', occurredAt: '2025-03-01T09:00:00.000Z' }),
              transactionFixture({ id: 't-3', description: 'Older coffee', occurredAt: '2025-02-26T03:00:00.000Z' }),
              transactionFixture({ id: 't-4', description: 'Another older coffee', occurredAt: '2025-02-26T01:00:00.000Z' }),
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

  it('titles each kind and signs its amount: plus in green for points in, minus in red for points out', async () => {
    stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${historyPath}`]: [
        () =>
          okAnswer({
            data: [
              transactionFixture({ id: 't-earn', kind: 'earn', amount: 1250, reference: 'BILL-0042' }),
              transactionFixture({ id: 't-reward', kind: 'reward', amount: 100, description: 'Welcome reward' }),
              transactionFixture({ id: 't-redeem', kind: 'redeem', amount: -300 }),
              transactionFixture({ id: 't-out', kind: 'transfer-out', amount: -50, counterparty: { cardNo: '•••• 4444', name: 'Budi' } }),
              transactionFixture({ id: 't-in', kind: 'transfer-in', amount: 20, counterparty: { cardNo: '•••• 1234', name: null } }),
              transactionFixture({ id: 't-expiry', kind: 'expiry', amount: -10 }),
              transactionFixture({ id: 't-reversal', kind: 'reversal', amount: -1250 }),
              transactionFixture({ id: 't-adjust', kind: 'adjustment', amount: 5 }),
            ],
            nextCursor: null,
          }),
      ],
    });
    renderHistory();
    await screen.findByText('BILL-0042');

    const rows = screen.getAllByRole('link');
    const read = (index: number) => {
      const row = rows[index] as HTMLElement;
      return { text: row.textContent, amount: row.querySelector('.amount')?.className, href: row.getAttribute('href') };
    };
    expect(read(0).text).toMatch(/^Purchase.*BILL-0042.*Received \+1\.250 Pts$/);
    expect(read(0).amount).toContain('amount--in');
    expect(read(0).href).toBe(`/cards/${cardId}/transaction-detail/t-earn`);
    expect(read(1).text).toMatch(/^Reward.*Welcome reward.*\+100 Pts$/);
    expect(read(2).text).toMatch(/^Redeemed.*Spent \u2212300 Pts$/);
    expect(read(2).amount).toContain('amount--out');
    expect(read(3).text).toMatch(/^Sent to Budi.*\u221250 Pts$/);
    expect(read(4).text).toMatch(/^Received from •••• 1234.*\+20 Pts$/);
    expect(read(5).text).toMatch(/^Expired.*\u221210 Pts$/);
    expect(read(6).text).toMatch(/^Reversed.*\u22121\.250 Pts$/);
    expect(read(7).text).toMatch(/^Adjustment.*\+5 Pts$/);
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
