import { expect, rani, signInAsMember, test } from './support.ts';

/*
 * Rani's Kopi Senja Rewards history from the demo seed: her purchases, the Silver level bonus she
 * claimed, the drink she redeemed and the points she and Budi sent each other. The server answers
 * what happened; the app words it in the language the member chose (decision 038). Other tests
 * may add movements, so what is looked for is what the seed left, wherever it stands in the list.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('a member who chose Indonesian reads her card history and a purchase in Indonesian', async ({ page, request }, testInfo) => {
  await signInAsMember(page, request, rani.phone);

  await page.goto('/settings');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('id');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');

  // A new load keeps the chosen language: the session is an Indonesian one from here on.
  await page.goto('/cards');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await page.getByText('Kopi Senja Rewards').click();
  await page.getByRole('link', { name: /Riwayat transaksi/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Transaksi' })).toBeVisible();

  const history = page.getByRole('main');
  const rows = history.getByRole('link');
  await expect(rows.filter({ hasText: 'Pembelian di Kopi Senja' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Hadiah naik level' }).filter({ hasText: 'Silver level bonus' })).toHaveCount(1);
  // A redemption recorded before its writer kept facts still shows the name it was recorded with.
  await expect(rows.filter({ hasText: 'Poin ditukar' }).filter({ hasText: 'Free Kopi Susu Senja' })).toHaveCount(1);
  await expect(rows.filter({ hasText: /^Dikirim ke Budi/ }).first()).toBeVisible();
  await expect(rows.filter({ hasText: /^Diterima dari Budi/ }).first()).toBeVisible();
  await expect(history.getByText(/Purchase at|Sent to|Received from|Points redeemed|Level-up reward/)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('history-id.png'), fullPage: true });

  await rows.filter({ hasText: 'Pembelian di Kopi Senja' }).first().click();
  const detail = page.getByRole('article', { name: 'Pembelian di Kopi Senja' });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('term').filter({ hasText: 'Nomor struk' })).toBeVisible();
  await expect(detail.getByRole('definition').filter({ hasText: /^KS-\d{8}-\d{4}$/ })).toBeVisible();
  await expect(detail.getByText('Jenis')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('detail-id.png'), fullPage: true });
});
