import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { CardListAnswer, CardListItem, CardStatus, ScanAnswer } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { claimOf, earnOf, fakeBarcodeDetector, fakeCamera, restoreScanDevices, scanCardId } from '../scan.test-support.ts';
import { QrScannerPage } from './qr-scanner-page.tsx';

const scanPath = '/api/qr/scan';
const never: Answer = () => new Promise<Response>(() => undefined);

/** What the page was left with: the address it went to, and the navigation state it gave. */
function LocationState() {
  const location = useLocation();
  return <pre data-testid="location-state">{JSON.stringify(location.state ?? null)}</pre>;
}

/**
 * The scanner page at `query`, answering the scan with `answer`. The page stays mounted wherever it
 * leads (path '*'), so a test reads the address and the state it left with.
 */
function renderScanner(query: Record<string, string>, answer: Answer | Answer[], extra: Record<string, Answer | Answer[]> = {}) {
  const api = stubApi({ [`POST ${scanPath}`]: answer, ...extra });
  const view = renderPage(
    <>
      <QrScannerPage />
      <LocationState />
    </>,
    { path: '*', history: [paths.cards.href(), paths.qrcodeScanner.href(query)] },
  );
  return { ...view, api };
}

const scanned = (answer: ScanAnswer): Answer => () => okAnswer({ data: answer });
const location = () => screen.getByTestId('location').textContent ?? '';

afterEach(() => {
  restoreScanDevices();
});

describe('QrScannerPage', () => {
  it('shows the scanner under its title, with a way back', () => {
    renderScanner({}, never);
    expect(screen.getByRole('heading', { level: 1, name: 'Scan a QR code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Photo of a QR code')).toBeInTheDocument();
  });

  it('sends a code its link carries at once, once, with the card it was opened from, and drops it from the address', async () => {
    const { api } = renderScanner({ code: 'EARN-7Q2', cardId: scanCardId }, scanned({ kind: 'earn', earn: earnOf() }));
    await screen.findByRole('heading', { level: 2, name: 'Points earned' });
    expect(api.bodiesOf(scanPath)).toEqual([{ code: 'EARN-7Q2', cardId: scanCardId }]);
    expect(location()).toBe(`/qrcode-scanner?cardId=${scanCardId}`);
  });

  it('sends what the camera reads, and nothing more while the answer is on its way', async () => {
    fakeCamera();
    const detector = fakeBarcodeDetector();
    const { api } = renderScanner({}, never);
    detector.show('https://kopisenja.test/qrcode-scanner?code=EARN-7Q2');
    await waitFor(() => expect(api.to('POST', scanPath)).toHaveLength(1));
    expect(api.bodiesOf(scanPath)).toEqual([{ code: 'https://kopisenja.test/qrcode-scanner?code=EARN-7Q2' }]);
    detector.show('OTHER-CODE');
    await screen.findByText('Checking the code…');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.to('POST', scanPath)).toHaveLength(1);
  });

  it('adds a scanned card number', async () => {
    renderScanner({ code: '6012345678901234' }, scanned({ kind: 'card', cardNumber: '6012345678901234' }));
    await waitFor(() => expect(location()).toBe('/cards/add/6012345678901234'));
  });

  it('pays a QRIS from the card it was opened from, the QRIS in the address and in the navigation state', async () => {
    const qris = { merchantName: 'Warung Senja', merchantCity: 'Jakarta', amount: 25_000, qris: '00020101021226570011ID.DANA.WWW' };
    renderScanner({ code: qris.qris, cardId: scanCardId }, scanned({ kind: 'qris', qris }));
    await waitFor(() => expect(location()).toBe(paths.cardScanQris.href({ cardId: scanCardId }, { qris: qris.qris })));
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({ qris });
  });

  it('pays a QRIS scanned outside a card from the member’s first active card', async () => {
    const qris = { merchantName: 'Warung Senja', merchantCity: 'Jakarta', amount: null, qris: '00020101021126570011ID.DANA.WWW' };
    const { api } = renderScanner({ code: qris.qris }, scanned({ kind: 'qris', qris }), { 'GET /api/v2/cards': () => okAnswer(walletOf('card00000000000000000007', 'active')) });
    await waitFor(() => expect(location()).toBe(paths.cardScanQris.href({ cardId: 'card00000000000000000007' }, { qris: qris.qris })));
    expect(api.to('GET', '/api/v2/cards')[0]?.url).toBe('/api/v2/cards?page=1&view=active');
  });

  it('says a card is needed to pay a QRIS when the member has no active one', async () => {
    const qris = { merchantName: 'Warung Senja', merchantCity: 'Jakarta', amount: null, qris: '000201' };
    renderScanner({ code: qris.qris }, scanned({ kind: 'qris', qris }), { 'GET /api/v2/cards': () => okAnswer(walletOf('card00000000000000000007', 'suspended')) });
    expect(await screen.findByText('Add a card to your wallet first to pay with QRIS.')).toBeInTheDocument();
  });

  it('leads a receipt campaign’s code to its photo page', async () => {
    renderScanner({ code: 'RCPT-1' }, scanned({ kind: 'receipt', receipt: { code: 'RCPT-1', cardId: scanCardId, campaignName: 'Ramadan receipts' } }));
    await waitFor(() => expect(location()).toBe(`/cards/${scanCardId}/scan-receipt/RCPT-1`));
  });

  it('shows the points a till’s code earned, the program and the new balance, then scans again', async () => {
    renderScanner({ code: 'EARN-7Q2' }, scanned({ kind: 'earn', earn: earnOf() }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Points earned' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('+120 Pts')).toBeInTheDocument();
    expect(screen.getByText('Kopi Senja Rewards')).toBeInTheDocument();
    expect(screen.getByText('New balance: 1.370 Pts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my card' })).toHaveAttribute('href', `/cards/${scanCardId}`);
    await userEvent.click(screen.getByRole('button', { name: 'Scan again' }));
    expect(screen.getByLabelText('Photo of a QR code')).toBeInTheDocument();
  });

  it('shows a printed code’s points given at once', async () => {
    renderScanner({ code: 'PRINTED1' }, scanned({ kind: 'unique_code', claim: claimOf() }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Code claimed' })).toBeInTheDocument();
    expect(screen.getByText('+50 Pts')).toBeInTheDocument();
  });

  it('says a pending printed code’s points arrive within 24 hours, and when', async () => {
    renderScanner({ code: 'PRINTED1' }, scanned({ kind: 'unique_code', claim: claimOf({ status: 'pending', rewardAt: '2026-03-11T03:00:00.000Z' }) }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Code accepted' })).toBeInTheDocument();
    expect(screen.getByText('Your points will arrive within 24 hours')).toBeInTheDocument();
    expect(screen.getByText(/^Expected by .*2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my card' })).toBeInTheDocument();
  });

  it('says an unrecognised QR code’s tries left, and keeps scanning', async () => {
    renderScanner({ code: 'NOPE' }, () => errorAnswer('QR_INVALID', { attemptsRemaining: 2 }));
    expect(await screen.findByText('This QR code is not recognised. 2 tries left before scanning is locked.')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Photo of a QR code')).toBeInTheDocument();
  });

  it.each(['QR_LOCKED', 'CODE_LOCKED'] as const)('goes to the QR-lock page on %s, counting down to the lock’s end', async (code) => {
    renderScanner({ code: 'NOPE', cardId: scanCardId }, () =>
      errorAnswer(code, { lockedUntil: '2026-03-10T04:00:00.000Z', currentTime: '2026-03-10T03:00:00.000Z', lockedByScan: true }),
    );
    await waitFor(() => expect(location()).toMatch(/^\/qr-locked\?/));
    const query = new URL(location(), 'http://kartu.test').searchParams;
    expect(query.get('cardId')).toBe(scanCardId);
    // An hour from now by this device's clock: the server's own clock is an hour behind the lock's end.
    const until = Date.parse(query.get('lockedUntil') ?? '');
    expect(Math.abs(until - (Date.now() + 3_600_000))).toBeLessThan(60_000);
  });

  it.each([
    ['CODE_EXPIRED', 'This code has expired'],
    ['CODE_ALREADY_USED', 'This code has already been used'],
    ['QRIS_UNRECOGNISED', 'This QRIS is not recognised'],
  ] as const)('says why a code was refused (%s), with a way to scan again', async (code, message) => {
    renderScanner({ code: 'X1' }, () => errorAnswer(code));
    expect(await screen.findByRole('heading', { level: 2, name: 'This code cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Scan again' }));
    expect(screen.getByLabelText('Photo of a QR code')).toBeInTheDocument();
  });

  it('reads the member’s cards and vouchers again after a scan', async () => {
    const { queryClient } = renderScanner({ code: 'EARN-7Q2' }, scanned({ kind: 'earn', earn: earnOf() }));
    queryClient.setQueryData(cardKeys.detail(scanCardId), { id: scanCardId });
    queryClient.setQueryData(voucherKeys.count(), { count: 1 });
    await screen.findByRole('heading', { level: 2, name: 'Points earned' });
    await waitFor(() => expect(queryClient.getQueryState(cardKeys.detail(scanCardId))?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(voucherKeys.count())?.isInvalidated).toBe(true);
    // Invalidated, not dropped: what the member saw stays until it is read again.
    expect(queryClient.getQueryData(cardKeys.detail(scanCardId))).toEqual({ id: scanCardId });
  });

  it('says the camera is refused, and offers a photo', async () => {
    fakeCamera({ refuse: 'NotAllowedError' });
    renderScanner({}, never);
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera access not allowed: enable it in settings');
    expect(screen.getByRole('tab', { name: 'Photo', selected: true })).toBeInTheDocument();
  });
});

/** A page of the wallet's list holding one card of `status`. */
function walletOf(cardId: string, status: CardStatus): CardListAnswer {
  const card: CardListItem = {
    id: cardId,
    walletId: 'wallet-1',
    type: 'loyalty',
    no: '6012345678901234',
    status,
    isCardActive: status === 'active',
    programId: 'program-1',
    programName: 'Kopi Senja Rewards',
    programType: 'points',
    iconUrl: null,
    cardArt: null,
    balance: { amount: 0, unit: 'POINT' },
    level: null,
    hidden: false,
    archived: false,
  };
  return { data: [card], page: 1, count: 1 };
}
