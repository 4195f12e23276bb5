import type { APIRequestContext } from '@playwright/test';
import { expect, rani, signInAsMember, signUp, test, typeDigits, uniquePhone, useEnglish } from './support.ts';

/** A Kopi Senja Rewards card nobody owns yet in the demo data (no activation code). */
const rewardsCardNumber = '6001010000001011';
/** Rani's Kopi Senja Rewards card in the demo data. */
const raniCardPath = '/cards/demo00006001010000000013';

test.use({ viewport: { width: 390, height: 844 } });

/** The newest gift PIN the development outbox holds for a phone. */
async function readGiftPin(request: APIRequestContext, phone: string): Promise<string> {
  let pin: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`, { headers: { host: 'localhost' } });
      const body = (await answer.json()) as { data: { purpose: string; code: string | null }[] };
      pin = body.data.find((message) => message.purpose === 'voucher-gift')?.code ?? undefined;
      return pin;
    })
    .toMatch(/^\d{6}$/);
  return pin as string;
}

test('a member buys a voucher with points and gifts it by link and PIN; the friend adds the card, claims it and uses it at the counter, and the sender sees it claimed', async ({ page, newPage, request }) => {
  // The friend joins first, in a browser of their own.
  const friend = await newPage();
  await friend.setViewportSize({ width: 390, height: 844 });
  await useEnglish(friend);
  const friendPhone = uniquePhone();
  await signUp(friend, request, friendPhone, '246813');

  // Rani buys a Kopi Susu voucher with points in the shop, then gives it away with a note.
  await signInAsMember(page, request, rani.phone);
  await page.goto(`${raniCardPath}/catalogs/shop?q=kopi`);
  await page.getByRole('link', { name: /Kopi Susu Gula Aren voucher/ }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(new RegExp(`${raniCardPath}/orders/[0-9a-f-]{36}$`), { timeout: 15_000 });
  // The order's page lists the voucher it bought; opened from there, back leads to the card's vouchers.
  await page.getByRole('list', { name: 'Your e-vouchers' }).getByRole('link', { name: /Kopi Susu Gula Aren/ }).click();
  await expect(page).toHaveURL(/\/egifts\/details\/[0-9a-f-]{36}\?recentlyPurchased=true$/);
  const voucherPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`${raniCardPath}/vouchers$`));
  await page.goto(voucherPath);
  await page.getByRole('button', { name: 'Send as a gift' }).click();
  const sheet = page.getByRole('dialog', { name: 'Send as a gift' });
  await sheet.getByRole('textbox', { name: /Your friend's phone number/ }).fill(friendPhone);
  await sheet.getByLabel('A note for your friend (optional)').fill('Coffee is on me!');
  await sheet.getByRole('button', { name: 'Send gift' }).click();
  const ready = page.getByRole('dialog', { name: 'Your gift is ready' });
  const link = await ready.getByLabel('Gift link').inputValue();
  expect(link).toMatch(/\/gifts\/[\w-]{40,}$/);
  await ready.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for your friend to claim it' })).toBeVisible();

  // The friend opens the link: without a Rewards card they add it first.
  await friend.goto(link);
  await expect(friend.getByText('From Rani')).toBeVisible();
  await expect(friend.getByText('Coffee is on me!')).toBeVisible();
  await friend.getByRole('link', { name: 'Add a card' }).click();
  await friend.getByLabel('Card number').fill(rewardsCardNumber);
  await friend.getByRole('button', { name: 'Find card' }).click();
  await friend.getByRole('button', { name: 'Add to my wallet' }).click();
  await expect(friend).toHaveURL(/\/cards\/[a-z0-9]{24}$/, { timeout: 15_000 });

  // Back on the link: a wrong PIN counts, the right one claims the voucher into their wallet.
  await friend.goto(link);
  const pin = await readGiftPin(request, friendPhone);
  const wrong = pin === '000000' ? '111111' : '000000';
  await typeDigits(friend, 'Gift PIN', wrong);
  await expect(friend.getByRole('alert')).toContainText('2 tries left');
  await typeDigits(friend, 'Gift PIN', pin);
  await expect(friend).toHaveURL(/\/egifts\/details\/[0-9a-f-]{36}$/);

  // The friend uses it at the counter with the demo outlet's code.
  await friend.getByRole('button', { name: 'Use at the counter' }).click();
  await friend.getByRole('dialog', { name: 'Use at the counter' }).getByLabel('Outlet code').fill('SENAYAN1');
  await friend.getByRole('dialog', { name: 'Use at the counter' }).getByRole('button', { name: 'Use voucher' }).click();
  await expect(friend.getByRole('status').filter({ hasText: /Used on .+ at Kopi Senja Senayan/ })).toBeVisible();

  // Rani's page, left open, learns that the gift was claimed.
  await expect(page.getByRole('heading', { name: 'Your gift was claimed' })).toBeVisible({ timeout: 10_000 });
});
