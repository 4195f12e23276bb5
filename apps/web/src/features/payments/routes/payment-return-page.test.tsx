import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { PaymentReturnPage } from './payment-return-page.tsx';

const paymentId = '0b7c9e2a-4d1f-4c3e-8a5b-6f7e8d9c0a1b';
const followed = `/cards/club00000000000000000001/subscribe/payment?payment=${paymentId}`;

afterEach(() => vi.unstubAllGlobals());

describe('PaymentReturnPage', () => {
  it("sends the member on to the payment's own page", async () => {
    stubApi({ [`GET /api/v2/payments/${paymentId}/page`]: () => okAnswer({ path: followed }) });
    renderPage(<PaymentReturnPage />, { path: paths.paymentReturn.path, history: [`/payments/${paymentId}`] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(followed));
  });

  it("reads the payment from Midtrans's order_id when the address has none", async () => {
    stubApi({ [`GET /api/v2/payments/${paymentId}/page`]: () => okAnswer({ path: followed }) });
    renderPage(<PaymentReturnPage />, { path: paths.paymentReturn.path, history: [`/payments?order_id=${paymentId}&transaction_status=settlement`] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(followed));
  });

  it('is not found for a payment that is not the member’s', async () => {
    stubApi({ [`GET /api/v2/payments/${paymentId}/page`]: () => errorAnswer('PAYMENT_NOT_FOUND') });
    renderPage(<PaymentReturnPage />, { path: paths.paymentReturn.path, history: [`/payments/${paymentId}`] });
    expect(await screen.findByTestId('page-error')).toHaveTextContent('This payment could not be found');
  });
});
