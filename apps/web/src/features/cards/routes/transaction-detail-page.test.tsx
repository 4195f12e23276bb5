import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { transactionDetailSchema, type TransactionDetail } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { TransactionDetailPage } from './transaction-detail-page.tsx';
import { cardFixture, cardId, cardPath } from '../../../features/cards/cards.test-support.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { paths } from '../../../config/paths.ts';
import { createTranslator } from '../../../lib/i18n.tsx';
import type { Translator } from '../../../lib/translator.ts';

const transactionId = '5f0c8a52-1d2e-4c3b-9a8f-0e1d2c3b4a59';
const detailPath = `${cardPath}/transactions/${transactionId}`;

function detailFixture(overrides: Partial<TransactionDetail> = {}): TransactionDetail {
  return transactionDetailSchema.parse({
    id: transactionId,
    kind: 'transfer-out',
    facts: { kind: 'transfer_sent' },
    amount: -250,
    unit: 'POINT',
    reference: 'TRF-0001',
    occurredAt: '2025-03-01T05:30:00.000Z',
    counterparty: { cardNo: '•••• 4444', name: 'Budi' },
    status: 'accepted',
    reversedAt: null,
    ...overrides,
  });
}

function renderDetail({ translator }: { translator?: Translator } = {}) {
  return renderPage(<TransactionDetailPage />, { path: paths.cardTransactionDetail.path, history: [`/cards/${cardId}`, `/cards/${cardId}/transaction-detail/${transactionId}`], translator });
}

function fact(term: string): string | null | undefined {
  const dt = screen.getAllByRole('term').find((element) => element.textContent === term);
  return dt?.nextElementSibling?.textContent;
}

afterEach(() => {
  toast.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('TransactionDetailPage', () => {
  it('shows the kind, signed amount, reference, the other member and the status', async () => {
    stubApi({ [`GET ${cardPath}`]: [() => okAnswer(cardFixture())], [`GET ${detailPath}`]: [() => okAnswer(detailFixture())] });
    renderDetail();

    const article = await screen.findByRole('article', { name: 'Sent to Budi' });
    expect(within(article).getByText('\u2212250 Pts', { exact: false })).toBeInTheDocument();
    expect(fact('Type')).toBe('Transfer sent');
    expect(fact('Reference')).toBe('TRF-0001');
    expect(fact('Sent to')).toBe('Budi · •••• 4444');
    expect(fact('Status')).toBe('Accepted');
    expect(fact('Date and time')).toMatch(/2025/);
  });

  it('names what a void undid, with the merchant’s reason as written, and the bill number once', async () => {
    const facts = { kind: 'reversal', reversed: { kind: 'gift_card_charge', outletName: 'Kopi Senja Senayan' }, reason: 'Salah nominal' } as const;
    stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${detailPath}`]: [() => okAnswer(detailFixture({ kind: 'reversal', facts, amount: 35_000, unit: 'CASH', reference: 'SNY-0412', counterparty: null }))],
    });
    renderDetail();

    await screen.findByRole('article', { name: 'Reversed: Payment at Kopi Senja Senayan' });
    expect(fact('Type')).toBe('Reversal');
    expect(fact('Outlet')).toBe('Kopi Senja Senayan');
    expect(fact('Reason')).toBe('Salah nominal');
    expect(fact('Reference')).toBe('SNY-0412');
  });

  it('links an order paid with points to the order’s page, in Indonesian', async () => {
    const orderId = '7d1f0c52-3a4b-4c5d-8e9f-0a1b2c3d4e5f';
    const translator = createTranslator('id');
    await translator.load(['common', 'pages', 'cards']);
    stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${detailPath}`]: [
        () => okAnswer(detailFixture({ kind: 'redeem', facts: { kind: 'order_payment', orderId, orderNumber: '250301-K7QW2M' }, reference: `order:${orderId}`, counterparty: null })),
      ],
    });
    renderDetail({ translator });

    await screen.findByRole('article', { name: 'Pesanan 250301-K7QW2M' });
    expect(screen.getByRole('link', { name: '250301-K7QW2M' })).toHaveAttribute('href', `/cards/${cardId}/orders/${orderId}`);
    expect(fact('Jenis')).toBe('Penukaran');
    expect(fact('Referensi')).toBeUndefined();
  });

  it('words a purchase in Japanese, with its bill number', async () => {
    const translator = createTranslator('ja');
    await translator.load(['common', 'pages', 'cards']);
    stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${detailPath}`]: [() => okAnswer(detailFixture({ kind: 'earn', facts: { kind: 'purchase', billNumber: 'KS-0042' }, amount: 81, reference: 'KS-0042', counterparty: null }))],
    });
    renderDetail({ translator });

    await screen.findByRole('article', { name: 'Kopi Senjaでのお買い物' });
    expect(fact('レシート番号')).toBe('KS-0042');
    expect(fact('参照番号')).toBeUndefined();
  });

  it('says when a reversed movement was reversed', async () => {
    stubApi({
      [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
      [`GET ${detailPath}`]: [() => okAnswer(detailFixture({ status: 'reversed', reversedAt: '2025-03-04T02:00:00.000Z' }))],
    });
    renderDetail();
    await screen.findByRole('article');
    expect(fact('Status')).toMatch(/^Reversed on .*2025/);
  });

  it('copies the transaction id and confirms with the copied toast', async () => {
    const writeText = vi.fn(async () => undefined);
    stubApi({ [`GET ${cardPath}`]: [() => okAnswer(cardFixture())], [`GET ${detailPath}`]: [() => okAnswer(detailFixture())] });
    renderDetail();
    await screen.findByRole('article');
    // user-event installs its own clipboard on setup; ours replaces it to see what was written.
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(screen.getByRole('button', { name: 'Copy ID' }));

    expect(writeText).toHaveBeenCalledWith(transactionId);
    expect(toast.getToasts().map((item) => item.message)).toEqual(['Copied to clipboard']);
  });

  it('shows the 404 page when the movement is not on this card', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ [`GET ${cardPath}`]: [() => okAnswer(cardFixture())], [`GET ${detailPath}`]: [() => errorAnswer('NOT_FOUND')] });
    renderDetail();
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: This transaction could not be found');
  });

  it('shows ‘Card not found’ when the card is not the member’s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ [`GET ${cardPath}`]: [() => errorAnswer('CARD_NOT_FOUND')], [`GET ${detailPath}`]: [() => errorAnswer('CARD_NOT_FOUND')] });
    renderDetail();
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Card not found');
  });
});
