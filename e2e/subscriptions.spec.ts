import type { Page } from '@playwright/test';
import { addCardByNumber, appRunning, expect, expectAccessible, signUp, test, uniquePhone } from './support.ts';

/** A Kopi Senja Club card nobody owns yet in the demo data. */
const clubCardNumber = '6001030000001019';

/** Pays the payment the page follows at the sandbox provider's development page, and comes back. */
async function payInSandbox(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Waiting for your payment' })).toBeVisible();
  await page.getByRole('link', { name: 'Pay in the sandbox' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(/Done\. The payment is now/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to where you came from' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
}

test('a member subscribes to the Club, pays in the sandbox, is sent to the card page once it expires except on the catalog, renews and cancels', async ({ page, request }) => {
  // The whole membership journey in one test: two payments, an expiry and a cancel take longer than one page's test.
  await signUp(page, request, uniquePhone(), '246810');
  const cardPath = await addCardByNumber(page, clubCardNumber);
  const cardId = cardPath.split('/').pop() ?? '';

  // Before any payment the menus stay closed and the card page says how to open them.
  await expect(page.getByRole('heading', { name: 'Become a member' })).toBeVisible();
  await page.goto(`${cardPath}/transaction-history`);
  await expect(page).toHaveURL(new RegExp(`${cardPath}$`));

  await page.getByRole('link', { name: 'See plans' }).click();
  await expect(page.getByRole('heading', { name: 'Join Kopi Senja Club' })).toBeVisible();
  await expect(page.getByText('Total to pay')).toBeVisible();
  await expectAccessible(page, 'the plans');
  await page.getByRole('button', { name: 'Pay Rp 56.890' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for your payment' })).toBeVisible();
  await expectAccessible(page, 'a payment waiting by virtual account');
  await payInSandbox(page);

  await page.getByRole('link', { name: 'Back to card' }).click();
  await expect(page.getByText(/^Member until /)).toBeVisible();
  await page.goto(`${cardPath}/transaction-history`);
  await expect(page).toHaveURL(new RegExp(`${cardPath}/transaction-history$`));
  await appRunning(page);

  // The period runs out (a development hook moves it into the past): the catalog stays open, other menus go to the card.
  const ended = await request.post(`/api/dev/subscriptions/${cardId}/end-period`, { headers: { host: 'localhost' } });
  expect(ended.status()).toBe(200);
  await page.goto(`${cardPath}/levels`);
  await expect(page).toHaveURL(new RegExp(`${cardPath}$`));
  await expect(page.getByRole('heading', { name: 'Your membership has expired' })).toBeVisible();
  await page.goto(`${cardPath}/catalogs`);
  await appRunning(page);
  await expect(page).toHaveURL(new RegExp(`${cardPath}/catalogs$`));

  // Renew for a year by QRIS.
  await page.goto(cardPath);
  await page.getByRole('link', { name: 'Renew membership' }).click();
  await expect(page.getByRole('heading', { name: 'Renew your membership' })).toBeVisible();
  await page.getByText('Yearly', { exact: true }).click();
  await page.getByText('QRIS', { exact: true }).click();
  await page.getByRole('button', { name: /^Pay Rp/ }).click();
  await payInSandbox(page);
  await page.getByRole('link', { name: 'Back to card' }).click();
  await expect(page.getByText(/^Member until /)).toBeVisible();

  // Cancel: the benefits stay to the end date.
  await page.getByRole('link', { name: 'Manage membership' }).click();
  await expect(page.getByRole('heading', { name: 'Yearly' })).toBeVisible();
  await expectAccessible(page, 'a running membership');
  await page.getByRole('link', { name: 'Cancel membership' }).click();
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.getByText('Your membership is cancelled')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await page.goto(cardPath);
  await expect(page.getByText(/^Cancelled: benefits until /)).toBeVisible();
});
