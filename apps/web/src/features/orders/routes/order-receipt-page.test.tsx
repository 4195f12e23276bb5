import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { cardId, order, orderPayment, ordersPath, stubShop } from '../../../test/shop.test-support.ts';
import { OrderReceiptPage } from './order-receipt-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('OrderReceiptPage', () => {
  it('shows the receipt with the merchant, number, lines and totals, and prints it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    stubShop({ [`GET ${ordersPath}/ord-1`]: () => okAnswer({ data: order({ payment: orderPayment({ status: 'paid' }) }) }) });
    renderPage(<OrderReceiptPage />, { path: paths.cardOrderReceipt.path, history: [`/cards/${cardId}/orders/ord-1`, `/cards/${cardId}/orders/ord-1/receipt`] });

    const receipt = await screen.findByRole('article', { name: 'Order receipt' });
    expect(receipt).toHaveTextContent('Kopi Senja');
    expect(receipt).toHaveTextContent('KS-0001');
    expect(receipt).toHaveTextContent('Gayo Arabica 250 g');
    expect(receipt).toHaveTextContent('Virtual account');
    expect(screen.getByText('Total').closest('div')).toHaveTextContent('2.400 Pts + Rp 12.000');
    expect(print).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
