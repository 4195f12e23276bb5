import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { giftCardChargeDetailSchema, type GiftCardChargeDetail } from '@kartu/contracts';
import { paths, v2PathOf } from '../../../config/paths.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { giftCardChargeFixture, giftCardDetail, giftCardId } from '../cards.test-support.ts';
import { TransactionEgiftDetailPage } from './transaction-egift-detail-page.tsx';

const chargeId = '5c3e2a10-0000-4000-8000-000000000002';
const chargePath = `/api/v2/gift-card-charges/${chargeId}`;

function chargeDetail(overrides: Partial<GiftCardChargeDetail> = {}): GiftCardChargeDetail {
  const card = giftCardDetail();
  return giftCardChargeDetailSchema.parse({
    ...giftCardChargeFixture({ id: chargeId, channel: 'counter', cashier: { id: 'cs-7', name: 'Dewi' }, reference: 'SNY-0415' }),
    card: { id: card.id, number: card.no, programName: card.cardProgram.programName, currency: card.currency },
    ...overrides,
  });
}

function renderPayment(path: string = paths.transactionEgiftDetail.path, url = `/transaction-egift-detail/${chargeId}`) {
  return renderPage(<TransactionEgiftDetailPage />, { path, history: ['/cards', url] });
}

function fact(term: string): string | null | undefined {
  const dt = screen.getAllByRole('term').find((element) => element.textContent === term);
  return dt?.nextElementSibling?.textContent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TransactionEgiftDetailPage', () => {
  it('shows one payment: amount, outlet, cashier, how, when, the reference, and the card it was on', async () => {
    stubApi({ [`GET ${chargePath}`]: () => okAnswer({ data: chargeDetail() }) });
    renderPayment();

    const article = await screen.findByRole('article', { name: 'Paid at Kopi Senja Senayan' });
    expect(within(article).getByText('\u2212Rp 35.000', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Gift card payment' })).toBeInTheDocument();
    expect(fact('Outlet')).toBe('Kopi Senja Senayan');
    expect(fact('Cashier')).toBe('Dewi');
    expect(fact('Paid by')).toBe('Code typed at the counter');
    expect(fact('Date and time')).toMatch(/2026/);
    expect(fact('Reference')).toBe('SNY-0415');
    expect(fact('Status')).toBe('Paid');
    expect(screen.getByRole('link', { name: 'Kopi Senja Gift Card · 6012 0000 1111 2222' })).toHaveAttribute('href', `/cards/${giftCardId}`);
  });

  it('says when a payment was voided', async () => {
    stubApi({ [`GET ${chargePath}`]: () => okAnswer({ data: chargeDetail({ voidedAt: '2026-11-19T05:00:00.000Z', cashier: null, channel: 'till' }) }) });
    renderPayment();
    await screen.findByRole('article');
    expect(fact('Status')).toMatch(/^Voided on .*2026.*: the amount went back onto the card$/);
    expect(fact('Paid by')).toBe('Scanned at the till');
    expect(screen.queryByText('Cashier')).not.toBeInTheDocument();
  });

  it("answers another member's payment with the app's 404 page", async () => {
    stubApi({ [`GET ${chargePath}`]: () => errorAnswer('NOT_FOUND', { message: 'Payment not found' }) });
    renderPayment();
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: This payment could not be found');
  });

  it('answers 404 for a payment made with another card than the one the address names', async () => {
    stubApi({ [`GET ${chargePath}`]: () => okAnswer({ data: chargeDetail() }) });
    renderPayment(paths.cardTransactionEgiftDetail.path, `/cards/c0ffee00c0ffee00c0ffee01/transaction-egift-detail/${chargeId}`);
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: This payment could not be found');
  });

  it('keeps to the v2 pages under /v2, and goes to the card without a payment id', async () => {
    stubApi({ [`GET ${chargePath}`]: () => okAnswer({ data: chargeDetail() }) });
    const v2Path = v2PathOf(paths.cardTransactionEgiftDetail.path);
    const { unmount } = renderPayment(v2Path, `/v2/cards/${giftCardId}/transaction-egift-detail/${chargeId}`);
    expect(await screen.findByRole('link', { name: /Kopi Senja Gift Card/ })).toHaveAttribute('href', `/v2/cards/${giftCardId}`);
    unmount();

    renderPayment(v2Path, `/v2/cards/${giftCardId}/transaction-egift-detail`);
    expect(screen.getByTestId('location')).toHaveTextContent(`/v2/cards/${giftCardId}`);
  });
});
