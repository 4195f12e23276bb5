import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer, stubApi, type Answer } from '../../../test/api-stub.test-support.ts';
import { cardPath, shopCard } from '../../../test/shop.test-support.ts';
import { billCardId, billPaymentOf, billsPath, renderBills } from '../bills.test-support.tsx';

const never: Answer = () => new Promise<Response>(() => undefined);

function stubBills(payments: Answer) {
  return stubApi({ [`GET ${cardPath}`]: () => okAnswer(shopCard()), [`GET ${billsPath}`]: payments });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BillsPage', () => {
  it('shows the seven kinds as tiles, each opening its own page', async () => {
    stubBills(() => okAnswer({ data: [] }));
    renderBills(paths.cardBills.href({ cardId: billCardId }));
    expect(screen.getByRole('heading', { level: 1, name: 'Bills & top-ups' })).toBeInTheDocument();
    const kinds = screen.getByRole('region', { name: 'What would you like to pay?' });
    const tiles = within(kinds).getAllByRole('link');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['Mobile credit', 'Mobile data', 'Electricity token', 'Electricity bill', 'BPJS Health', 'Water', 'E-wallet top-up']);
    expect(within(kinds).getByRole('link', { name: 'BPJS Health' })).toHaveAttribute('href', `/cards/${billCardId}/bills/health_insurance`);
    expect(tiles.every((tile) => tile.querySelector('svg[aria-hidden="true"]'))).toBe(true);
    expect(await screen.findByText('Kopi Senja Rewards')).toBeInTheDocument();
  });

  it('lists the recent payments with their status, each linking to its payment', async () => {
    stubBills(() =>
      okAnswer({
        data: [
          billPaymentOf({ id: 'a1b2c3d4-0000-4000-8000-000000000001', status: 'pending', serialNumber: null }),
          billPaymentOf({ id: 'a1b2c3d4-0000-4000-8000-000000000002', category: 'electricity_postpaid', productName: 'PLN postpaid', customerNo: '512345678901', customerName: 'BUDI SANTOSO' }),
          billPaymentOf({ id: 'a1b2c3d4-0000-4000-8000-000000000003', status: 'failed', serialNumber: null }),
        ],
      }),
    );
    renderBills(paths.cardBills.href({ cardId: billCardId }));
    const recent = await screen.findByRole('list', { name: 'Recent' });
    const rows = within(recent).getAllByRole('link');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Telkomsel Rp 10.000');
    expect(rows[0]).toHaveTextContent('081234567890');
    expect(rows[0]).toHaveTextContent('Processing');
    expect(rows[1]).toHaveTextContent('512345678901 · BUDI SANTOSO');
    expect(rows[1]).toHaveTextContent('Successful');
    expect(rows[2]).toHaveTextContent('Failed — points returned');
    expect(rows[1]).toHaveAttribute('href', `/cards/${billCardId}/bills/payments/a1b2c3d4-0000-4000-8000-000000000002`);
  });

  it('says when the card has no payments yet', async () => {
    stubBills(() => okAnswer({ data: [] }));
    renderBills(paths.cardBills.href({ cardId: billCardId }));
    expect(await screen.findByRole('heading', { level: 3, name: 'No payments yet' })).toBeInTheDocument();
    expect(screen.getByText('Bills you pay and top-ups you buy with this card show up here.')).toBeInTheDocument();
  });

  it('shows the list loading while the payments are on their way', () => {
    stubBills(never);
    renderBills(paths.cardBills.href({ cardId: billCardId }));
    expect(screen.getByText('Loading your payments').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('shows the page not found for a card that is not the member’s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ [`GET ${cardPath}`]: () => errorAnswer('CARD_NOT_FOUND'), [`GET ${billsPath}`]: () => errorAnswer('CARD_NOT_FOUND') });
    renderBills(paths.cardBills.href({ cardId: billCardId }));
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError');
  });
});
