import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UniqueCodeClaim } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { cardId, shopCard } from '../../../test/shop.test-support.ts';
import { claimOf, earnOf, fakeBarcodeDetector, fakeImageBitmaps, restoreScanDevices } from '../scan.test-support.ts';
import { ScanToEarnPage } from './scan-to-earn-page.tsx';

const claimPath = `/api/v2/cards/${cardId}/unique-codes`;

function renderEarn({ claim, scan, card }: { claim?: Answer | Answer[]; scan?: Answer | Answer[]; card?: Answer } = {}) {
  const api = stubApi({
    [`GET /api/v2/cards/${cardId}`]: card ?? (() => okAnswer(shopCard())),
    ...(claim ? { [`POST ${claimPath}`]: claim } : {}),
    ...(scan ? { 'POST /api/qr/scan': scan } : {}),
  });
  const view = renderPage(<ScanToEarnPage />, { path: paths.cardScanToEarn.path, history: [paths.cardDetail.href({ cardId }), paths.cardScanToEarn.href({ cardId })] });
  return { ...view, api };
}

const claimed = (claim: UniqueCodeClaim): Answer => () => okAnswer({ data: claim }, 201);
const codeField = () => screen.getByLabelText('Code printed on your product');

async function typeCode(text: string) {
  await userEvent.type(codeField(), text);
  await userEvent.click(screen.getByRole('button', { name: 'Claim points' }));
}

afterEach(() => {
  restoreScanDevices();
});

describe('ScanToEarnPage', () => {
  it('names the card, says what to do, and offers the scanner and the printed code', async () => {
    renderEarn();
    expect(screen.getByRole('heading', { level: 1, name: 'Scan to earn' })).toBeInTheDocument();
    expect(await screen.findByText('Kopi Senja Rewards')).toBeInTheDocument();
    expect(screen.getByText('Scan the QR code at the till, or type the code printed on your product.')).toBeInTheDocument();
    expect(screen.getByLabelText('Photo of a QR code')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Have a code?' })).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('maxlength', '64');
  });

  it('writes a typed code in capitals, without spaces or dashes, and shows its points given at once', async () => {
    const { api } = renderEarn({ claim: claimed(claimOf({ cardId })) });
    await userEvent.type(codeField(), 'kp7q-2m x9');
    expect(codeField()).toHaveValue('KP7Q2MX9');
    await userEvent.click(screen.getByRole('button', { name: 'Claim points' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Code claimed' })).toBeInTheDocument();
    expect(screen.getByText('+50 Pts')).toBeInTheDocument();
    expect(api.bodiesOf(claimPath)).toEqual([{ code: 'KP7Q2MX9' }]);
    expect(screen.getByRole('link', { name: 'See my card' })).toHaveAttribute('href', `/cards/${cardId}`);
  });

  it('says a pending code’s points arrive within 24 hours', async () => {
    renderEarn({ claim: claimed(claimOf({ cardId, status: 'pending', rewardAt: '2026-03-11T03:00:00.000Z' })) });
    await typeCode('KP7Q2MX9');
    expect(await screen.findByRole('heading', { level: 2, name: 'Code accepted' })).toBeInTheDocument();
    expect(screen.getByText('Your points will arrive within 24 hours')).toBeInTheDocument();
    expect(screen.getByText(/^Expected by .*2026/)).toBeInTheDocument();
  });

  it('says a wrong code’s tries left', async () => {
    renderEarn({ claim: () => errorAnswer('CODE_INVALID', { attemptsRemaining: 1 }) });
    await typeCode('WRONG1');
    expect(await screen.findByText('This code is not valid. 1 try left before claiming codes is locked for 24 hours.')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why a code cannot be claimed', async () => {
    renderEarn({ claim: () => errorAnswer('CODE_SUSPENDED') });
    await typeCode('SUSP1');
    expect(await screen.findByText('This code is suspended')).toBeInTheDocument();
  });

  it('asks for the code when none is typed', async () => {
    const { api } = renderEarn();
    await userEvent.click(screen.getByRole('button', { name: 'Claim points' }));
    expect(screen.getByText('Type the code printed on your product.')).toBeInTheDocument();
    expect(api.to('POST', claimPath)).toHaveLength(0);
  });

  it('goes to the QR-lock page when the third wrong code locks claims', async () => {
    renderEarn({ claim: () => errorAnswer('CODE_LOCKED', { lockedUntil: '2026-03-11T03:00:00.000Z', currentTime: '2026-03-10T03:00:00.000Z', lockedByScan: true }) });
    await typeCode('WRONG3');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/qr-locked\?lockedUntil=.+&cardId=demo00006001030000000011$/));
  });

  it('sends a scanned code for this card, and shows what it earned', async () => {
    // The photo of a till's code, read by the browser's detector.
    fakeBarcodeDetector().show('https://kopisenja.test/qrcode-scanner?code=EARN-7Q2');
    fakeImageBitmaps();
    const { api } = renderEarn({ scan: () => okAnswer({ data: { kind: 'earn', earn: earnOf({ cardId }) } }) });
    await userEvent.upload(screen.getByLabelText('Photo of a QR code'), new File(['png'], 'till.png', { type: 'image/png' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Points earned' })).toBeInTheDocument();
    expect(api.bodiesOf('/api/qr/scan')).toEqual([{ code: 'https://kopisenja.test/qrcode-scanner?code=EARN-7Q2', cardId }]);
  });
});
