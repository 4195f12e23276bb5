import type { Page } from '@playwright/test';
import { expect, expectAccessible, rani, signInAsMember, test, useEnglish } from './support.ts';

/*
 * Bills and top-ups (docs/decisions/047-bills.md), in the sandbox biller: Rani buys Telkomsel credit
 * of Rp 10.000 with her points (at Rp 100 a point) and sees its serial number; a top-up the biller
 * fails (a number ending in 2) gives her points back. Each run tops up numbers of its own, as a phone
 * takes one amount once a day.
 */
const raniCardPath = '/cards/demo00006001010000000013';

test.use({ viewport: { width: 390, height: 844 } });

/** A Telkomsel number of this run, ending in `last` (the sandbox's outcome: 2 fails, 0 succeeds). */
function telkomselNumber(last: '0' | '2'): string {
  return `0812${String(Date.now()).slice(-7)}${last}`;
}

async function buyCredit(page: Page, phone: string) {
  await page.goto(`${raniCardPath}/bills`);
  await page.getByRole('link', { name: 'Mobile credit' }).click();
  await expect(page).toHaveURL(`${raniCardPath}/bills/mobile_credit`);
  await page.getByLabel('Phone number').fill(phone);
  await expect(page.getByText('Operator: Telkomsel')).toBeVisible();
  await page.getByRole('radio', { name: /Telkomsel Rp 10\.000/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check the details' })).toBeVisible();
  await page.getByRole('radio', { name: /Points/ }).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${raniCardPath}/bills/payments/[0-9a-f-]{36}$`), { timeout: 15_000 });
}

async function pointsOf(page: Page): Promise<number> {
  const answer = await page.request.get(`/api/v2/cards/demo00006001010000000013`, { headers: { host: 'localhost' } });
  const body = (await answer.json()) as { data?: { balance: { amount: number } }; balance?: { amount: number } };
  return (body.data ?? body).balance?.amount ?? Number.NaN;
}

test('Rani buys Telkomsel credit with her points and sees its serial number; a failed top-up gives the points back', async ({ page, request }) => {
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);
  await page.goto(raniCardPath);
  await page.getByRole('navigation', { name: 'Card menu' }).getByRole('link', { name: 'Bills and top-ups' }).click();
  await expect(page.getByRole('heading', { name: 'What would you like to pay?' })).toBeVisible();
  await expectAccessible(page, 'the bills page');

  await buyCredit(page, telkomselNumber('0'));
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('Serial number')).toBeVisible();
  await expectAccessible(page, 'a bill paid');

  const before = await pointsOf(page);
  await buyCredit(page, telkomselNumber('2'));
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('Your points were returned to your card.')).toBeVisible();
  await expectAccessible(page, 'a bill failed');
  expect(before).not.toBeNaN();
  expect(await pointsOf(page)).toBe(before);
});
