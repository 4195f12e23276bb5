import { expect, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { qrisPaymentSchema, type QrisCardOptions, type QrisPayment, type QrisWalletLink, type ScanQris } from '@kartu/contracts';
import { paths } from '../../config/paths.ts';
import { paymentFixture } from '../../test/payment.test-support.ts';
import { cardId } from '../../test/shop.test-support.ts';
import { renderPage } from '../../test/render.test-support.tsx';
import { ScanQrisPage } from './routes/scan-qris-page.tsx';

/* The QRIS page's tests: codes as the scanner hands them over, the member's wallet, payments as the server answers them. */

export const qrisCardId = cardId;
export const walletPath = '/api/v2/qris/wallet';
export const paymentsPath = `/api/v2/cards/${qrisCardId}/qris-payments`;
export const qrisPaymentId = '5f2b7c1e-3a4d-4e6f-8a9b-0c1d2e3f4a5b';
export const qrisPaymentPath = `${paymentsPath}/${qrisPaymentId}`;
export const optionsPath = `/api/v2/cards/${qrisCardId}/qris-options`;
const intentId = '0b7c9e2a-4d1f-4c3e-8a5b-6f7e8d9c0a1b';

/** A static QRIS: the member types the amount. */
export const staticQris: ScanQris = {
  merchantName: 'Warung Bu Sri',
  merchantCity: 'JAKARTA',
  amount: null,
  qris: '00020101021126570011ID.DANA.WWW011893600915302259148102090225914810303UMI51440014ID.CO.QRIS.WWW0215ID10200211817450303UMI5204581253033605802ID5913Warung Bu Sri6007JAKARTA61051234062070703A016304B5C1',
};

/** A dynamic QRIS: the till set the amount. */
export const dynamicQris: ScanQris = {
  merchantName: 'Kopi Senja Kemang',
  merchantCity: 'JAKARTA SELATAN',
  amount: 25_000,
  qris: '00020101021226570011ID.DANA.WWW011893600915302259148102090225914810303UMI51440014ID.CO.QRIS.WWW0215ID10200211817450303UMI520458125303360540525000.005802ID5917Kopi Senja Kemang6015JAKARTA SELATAN6304E1A7',
};

/** What the card pays with besides the wallet: nothing unless a test says so. */
export function qrisOptionsOf(overrides: Partial<QrisCardOptions> = {}): { data: QrisCardOptions } {
  return { data: { pointValue: null, cashBalance: false, ...overrides } };
}

export const gopayLink: QrisWalletLink = { wallet: 'gopay', phone: '+62 812-****-7890', linkedAt: '2026-03-01T03:00:00.000Z' };

/** A wallet payment of the dynamic QRIS, waiting for the member at the sandbox provider's page; override what a test is about. */
export function qrisPaymentOf(overrides: Partial<QrisPayment> = {}): QrisPayment {
  const expiresAt = new Date(Date.now() + 15 * 60 * 1000).toISOString();
  return qrisPaymentSchema.parse({
    id: qrisPaymentId,
    cardId: qrisCardId,
    merchantName: dynamicQris.merchantName,
    merchantCity: dynamicQris.merchantCity,
    amount: 25_000,
    currency: 'IDR',
    source: 'wallet',
    status: 'pending',
    spent: null,
    payment: paymentFixture({
      id: intentId,
      subject: { type: 'qris', id: qrisPaymentId },
      amount: 25_000,
      method: 'ewallet',
      instructions: { kind: 'redirect', url: `/dev/payments/${intentId}` },
      expiresAt,
    }),
    createdAt: '2026-03-10T03:00:00.000Z',
    expiresAt,
    paidAt: null,
    ...overrides,
  });
}

export const sandboxPaymentPath = `/dev/payments/${intentId}`;

/**
 * The page as the scanner opens it (its QRIS in the navigation state as well as the address), or,
 * without `qris`, as a reload or a provider's return opens it: by its address alone.
 */
export function renderQrisPage({ query, qris }: { query: Record<string, string>; qris?: ScanQris }) {
  const entry = paths.cardScanQris.href({ cardId: qrisCardId }, query);
  const [pathname = '', search = ''] = entry.split('?');
  return renderPage(<ScanQrisPage />, {
    path: paths.cardScanQris.path,
    history: [paths.cardDetail.href({ cardId: qrisCardId }), { pathname, search: search ? `?${search}` : '', state: qris ? { qris } : null }],
  });
}

/** A step's h2 once drawn, and focused (its focus moves after the step is painted). */
export async function findFocusedStep(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name });
  await vi.waitFor(() => expect(heading).toHaveFocus());
  return heading;
}
