import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { budi, expect, expectAccessible, rani, signInAsMember, signUp, test, uniquePhone, useEnglish } from './support.ts';

/*
 * Codes and receipts (docs/decisions/046-scanning.md), with no camera in the browser: Rani sends a
 * receipt photo that the merchant approves through the integration API, and a till's earn code opened
 * from the phone's own camera app earns at once. A new member's third wrong printed code locks
 * claiming for 24 hours, and a fourth code, even a real one, shows the lock. The camera's own test:
 * scanning.spec.ts.
 */
const raniCardPath = '/cards/demo00006001010000000013';
const rewardsProgramId = '5eed0000-0000-4000-8000-000000000001';

test.use({ viewport: { width: 390, height: 844 } });

/** The merchant's side, through the integration API with a development key of the demo merchant. */
async function merchantApi(request: APIRequestContext) {
  const made = await request.post('/api/dev/api-keys', { headers: { host: 'localhost' } });
  const { key } = (await made.json()) as { key: string };
  const headers = { host: 'localhost', authorization: `Bearer ${key}` };
  let calls = 0;
  return {
    post: (path: string, data: object) => {
      calls += 1;
      return request.post(`/integration/v1${path}`, { headers: { ...headers, 'idempotency-key': `scanning-e2e-${Date.now()}-${calls}` }, data });
    },
    get: (path: string) => request.get(`/integration/v1${path}`, { headers }),
  };
}

test('a receipt photo the merchant approves earns on Rani’s card; a till’s earn code opened from the phone’s camera earns at once', async ({ page, request }) => {
  const merchant = await merchantApi(request);
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);
  await page.goto(raniCardPath);
  await page.getByRole('navigation', { name: 'Card menu' }).getByRole('link', { name: /Claim points with a receipt/ }).click();
  await expect(page).toHaveURL(`${raniCardPath}/scan-receipt`);
  await expect(page.getByRole('heading', { level: 1, name: 'Send a receipt' })).toBeVisible();
  await expectAccessible(page, 'the receipt page');

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="100%" height="100%" fill="#f7f3ea"/><text x="40" y="120" font-size="32">TOTAL Rp 64.000</text><text x="40" y="180" font-size="20">${Date.now()}</text></svg>`;
  const photo = await sharp(Buffer.from(svg)).png().toBuffer();
  await page.getByLabel('Choose a photo').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByRole('img', { name: 'Preview of your receipt photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Send receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Receipt sent' })).toBeVisible();
  await expectAccessible(page, 'a receipt sent');

  const queue = (await (await merchant.get('/receipts')).json()) as { data: Array<{ id: string; cardNumber: string; submittedAt: string }> };
  const mine = queue.data.filter((receipt) => receipt.cardNumber === '6001010000000013').sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))[0];
  expect(mine).toBeDefined();
  const approved = await merchant.post(`/receipts/${mine?.id}/review`, { decision: 'approve', amount: 64_000 });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await expect(page.getByText(/Approved \+\d+ points/).first()).toBeVisible();

  // A till shows a code for a purchase of Rp 50.000; the phone's camera app opens its link.
  const till = await merchant.post('/earn-codes', { programId: rewardsProgramId, amount: 50_000, billNumber: `TILL-${Date.now()}` });
  expect(till.status(), await till.text()).toBe(201);
  const { qrText } = ((await till.json()) as { data: { qrText: string } }).data;
  await page.goto(`/qrcode-scanner?code=${encodeURIComponent(qrText)}`);
  await expect(page.getByRole('heading', { name: 'Points earned' })).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, 'points earned by scanning');
  const claimed = (await (await merchant.get(`/earn-codes/${((await till.json()) as { data: { id: string } }).data.id}`)).json()) as { data: { status: string } };
  expect(claimed.data.status).toBe('claimed');
});

test('a new member’s third wrong printed code locks claiming for 24 hours, and a fourth code shows the lock', async ({ page, request }) => {
  const merchant = await merchantApi(request);
  const phone = uniquePhone();
  await useEnglish(page);
  await signUp(page, request, phone, '246813');
  const issued = await merchant.post('/cards', { programId: rewardsProgramId, memberPhone: `+62${phone.slice(1)}` });
  expect(issued.status(), await issued.text()).toBe(201);
  const { cardId } = (await issued.json()) as { cardId: string };

  await page.goto(`/cards/${cardId}/scan-to-earn`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan to earn' })).toBeVisible();
  await expectAccessible(page, 'scan to earn');
  const code = page.getByLabel('Code printed on your product');
  const claim = page.getByRole('button', { name: 'Claim points' });
  await code.fill('WRONG-CODE-0001');
  await claim.click();
  await expect(page.getByText('This code is not valid. 2 tries left before claiming codes is locked for 24 hours.')).toBeVisible();
  await code.fill('WRONG-CODE-0002');
  await claim.click();
  await expect(page.getByText('This code is not valid. 1 try left before claiming codes is locked for 24 hours.')).toBeVisible();
  await code.fill('WRONG-CODE-0003');
  await claim.click();
  await expect(page).toHaveURL(/\/qr-locked\?/);
  await expect(page.getByRole('timer')).toBeVisible();
  await expectAccessible(page, 'the QR lock');

  // Even a code that exists is not looked at while claiming is locked.
  await page.goto(`/cards/${cardId}/scan-to-earn`);
  await code.fill('CAPS-2026-0005');
  await claim.click();
  await expect(page).toHaveURL(/\/qr-locked\?/);
});

test('a till’s code opened before signing in waits for the sign-in, then earns on Budi’s card', async ({ page, request }) => {
  const merchant = await merchantApi(request);
  const till = await merchant.post('/earn-codes', { programId: rewardsProgramId, amount: 20_000, billNumber: `TILL-SIGNED-OUT-${Date.now()}` });
  expect(till.status(), await till.text()).toBe(201);
  const { qrText } = ((await till.json()) as { data: { qrText: string } }).data;
  await useEnglish(page);
  await page.goto(`/qrcode-scanner?code=${encodeURIComponent(qrText)}`);
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  // Budi signs in as a known device does (the PIN alone), and lands on the scanner, not the wallet.
  await signInAsMember(page, request, budi.phone, { landsOn: /\/qrcode-scanner/ });
  await expect(page.getByRole('heading', { name: 'Points earned' })).toBeVisible({ timeout: 15_000 });
});
