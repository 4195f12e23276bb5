import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, openPage, rani, signInAsMember, test, useEnglish } from './support.ts';

/*
 * Two of Rani's Kopi Susu vouchers (apps/server/src/seed/seed-vouchers.ts; the gift test buys one and
 * gives one away, leaving her two): one is used at the counter with the outlet code, the other by a till.
 */
const kopiSusu = { templateId: '5eed0000-0000-4000-8000-000000000601', name: 'Kopi Susu Gula Aren' };
const senayan = { id: '5eed0000-0000-4000-8000-000000000701', name: 'Kopi Senja Senayan', code: 'SENAYAN1' };
const usedAtSenayan = new RegExp(`Used on .+ at ${senayan.name}`);

test.use({ viewport: { width: 390, height: 844 } });

/** The voucher's code as its QR code names it to assistive technology. */
async function voucherCode(page: Page): Promise<string> {
  const label = await page.getByRole('img', { name: /^QR code of voucher / }).getAttribute('aria-label');
  return label?.replace('QR code of voucher ', '') ?? '';
}

/** A till of the demo merchant scans the code at Senayan, through the integration API with a development key. */
async function redeemAtTill(request: APIRequestContext, code: string) {
  const made = await request.post('/api/dev/api-keys', { headers: { host: 'localhost' } });
  expect(made.status()).toBe(201);
  const { key } = (await made.json()) as { key: string };
  return request.post('/integration/v1/vouchers/redeem', {
    headers: { host: 'localhost', authorization: `Bearer ${key}`, 'idempotency-key': `vouchers-e2e-${Date.now()}` },
    data: { code, outletId: senayan.id },
  });
}

test('a member shows a voucher at the counter and the cashier redeems it with the outlet code', async ({ page, request }) => {
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);

  // The card list links to the wallet with the count of usable vouchers.
  await page.getByRole('link', { name: /^My vouchers, \d+ available$/ }).click();
  await expect(page).toHaveURL(/\/egifts$/);
  await page.getByRole('link', { name: new RegExp(kopiSusu.name) }).click();
  // Two or more open their stack; the last one left opens by itself.
  await expect(page).toHaveURL(/\/egifts\/(stacks\/[0-9a-f-]{36}|details\/[0-9a-f-]{36})$/);
  if (page.url().includes('/stacks/')) {
    expect(page.url()).toContain(kopiSusu.templateId);
    await page.getByRole('list', { name: /^Ready to use/ }).getByRole('link').first().click();
  }
  await expect(page).toHaveURL(/\/egifts\/details\/[0-9a-f-]{36}$/);

  // The code for the counter: a QR code and a barcode of the same code.
  const code = await voucherCode(page);
  expect(code).toMatch(/^[A-Z0-9]{6,}$/);
  await expect(page.getByRole('img', { name: `Barcode of voucher ${code}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Valid until' })).toBeVisible();
  await expectAccessible(page, 'a voucher ready to use');

  // The cashier types a wrong outlet code, then the right one.
  await page.getByRole('button', { name: 'Use at the counter' }).click();
  const sheet = page.getByRole('dialog', { name: 'Use at the counter' });
  await sheet.getByLabel('Outlet code').fill('WRONG1');
  await expect(sheet.getByLabel('Cashier code (if the outlet asks for one)')).toBeEmpty();
  await sheet.getByRole('button', { name: 'Use voucher' }).click();
  await expect(sheet.getByRole('alert')).toContainText('2 tries left before this voucher is locked for 24 hours');
  await sheet.getByLabel('Outlet code').fill(senayan.code);
  await sheet.getByRole('button', { name: 'Use voucher' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: usedAtSenayan })).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code of voucher / })).toBeHidden();

  // The wallet's history keeps it, used today at Senayan.
  const today = await page.evaluate(() => new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' }).format(new Date()));
  await openPage(page, '/egifts');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/egifts\?view=history$/);
  await page.getByRole('link', { name: new RegExp(kopiSusu.name) }).click();
  const past = page.getByRole('list', { name: 'Used and expired' }).getByRole('link');
  await expect(past.filter({ hasText: `Used on ${today}` }).filter({ hasText: senayan.name }).first()).toBeVisible();
});

test('a voucher open on the phone turns to used when a till redeems it', async ({ page, request }) => {
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);

  // Whichever Kopi Susu voucher is still usable, asked with the member's own session.
  const wallet = await page.request.get('/api/v2/vouchers?view=active');
  expect(wallet.status(), await wallet.text()).toBe(200);
  const { data } = (await wallet.json()) as { data: { template: { id: string }; vouchers: { id: string; status: string }[] }[] };
  const voucherId = data.find((stack) => stack.template.id === kopiSusu.templateId)?.vouchers.find((voucher) => voucher.status === 'active')?.id ?? '';
  expect(voucherId, 'a Kopi Susu voucher still to use').toMatch(/^[0-9a-f-]{36}$/);

  await openPage(page, `/egifts/details/${voucherId}`);
  const code = await voucherCode(page);
  expect(code).toMatch(/^[A-Z0-9]{6,}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Valid until' })).toBeVisible();

  // The till scans it; the page, left as it is, asks again within 2 seconds and turns to used.
  const redeemed = await redeemAtTill(request, code);
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: usedAtSenayan })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole('img', { name: /^QR code of voucher / })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Use at the counter' })).toBeHidden();
});
