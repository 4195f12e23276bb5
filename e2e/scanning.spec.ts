import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import chromiumArgs from './chromium-args.json' with { type: 'json' };
import { fakeCameraArgs } from './fake-camera.ts';
import { expect, expectAccessible, rani, signInAsMember, test, useEnglish } from './support.ts';

/*
 * Scanning with the camera (docs/decisions/046-scanning.md). The camera is Chromium's fake device
 * playing a video of a warung's static QRIS: Rani opens the scanner from her card's header, it reads
 * the QRIS, she pays Rp 25.000 from her linked e-wallet in the sandbox and sees the summary;
 * Rp 2.000.001 is refused. Codes and receipts without the camera: scan-codes.spec.ts.
 */
const raniCardPath = '/cards/demo00006001010000000013';
const warungQris = '00020101021126400014ID.CO.QRIS.WWW01189360089900000000015204581253033605802ID5914WARUNG BU SARI6007BANDUNG6304B2BB';

const video = join(mkdtempSync(join(tmpdir(), 'kartu-camera-')), 'qris.y4m');
test.use({
  viewport: { width: 390, height: 844 },
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs, ...fakeCameraArgs(warungQris, video)] },
});

test('the scanner reads a QRIS from the camera, Rani pays Rp 25.000 from her e-wallet in the sandbox and sees the summary', async ({ page, request }) => {
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);
  await page.goto(raniCardPath);
  await page.getByRole('button', { name: 'Scan a QR code' }).click();
  await expect(page).toHaveURL(new RegExp(`${raniCardPath}/scan-qris`), { timeout: 15_000 });

  // The first payment welcomes her and links her e-wallet; a retried run finds it linked.
  const welcome = page.getByRole('button', { name: 'Link my e-wallet' });
  const amount = page.getByLabel('Amount to pay');
  await expect(welcome.or(amount)).toBeVisible();
  if (await welcome.isVisible()) {
    await expectAccessible(page, 'the QRIS welcome');
    await welcome.click();
    await page.getByRole('radio', { name: 'GoPay' }).check();
    await page.getByLabel('E-wallet phone number').fill('081234567890');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
  }
  await expect(page.getByText('WARUNG BU SARI')).toBeVisible();
  await expect(amount).toBeVisible();
  await expectAccessible(page, 'the QRIS amount');

  await amount.fill('2000001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('A QRIS payment may be at most Rp 2.000.000 per transaction.')).toBeVisible();
  await amount.fill('25000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expectAccessible(page, 'the QRIS confirmation');
  await page.getByRole('button', { name: 'Pay Rp 25.000' }).click();

  await expect(page.getByRole('heading', { name: /^Finish paying in / })).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, 'a QRIS payment waiting');
  await page.getByRole('link', { name: /Continue to payment|Pay in the sandbox/ }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(/Done\. The payment is now/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to where you came from' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('You paid Rp 25.000 to WARUNG BU SARI.')).toBeVisible();
  await expectAccessible(page, 'the QRIS summary');
});
