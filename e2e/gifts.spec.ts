import type { APIRequestContext } from '@playwright/test';
import { expect, rani, signInOnNewDevice, signUp, test, typeDigits, uniquePhone, useEnglish } from './support.ts';

/** A Kopi Senja Rewards card nobody owns yet in the demo data (no activation code). */
const rewardsCardNumber = '6001010000001011';

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

test('a member gifts a voucher by link and PIN; the friend adds the card, claims it, and the sender sees it claimed', async ({ page, newPage, request }) => {
  test.setTimeout(90_000);
  // The friend joins first, in a browser of their own.
  const friend = await newPage();
  await friend.setViewportSize({ width: 390, height: 844 });
  await useEnglish(friend);
  const friendPhone = uniquePhone();
  await signUp(friend, request, friendPhone, '246813');

  // Rani sends her online order treat, with a note.
  await signInOnNewDevice(page, request, rani.phone);
  await page.goto('/egifts');
  await page.getByRole('link', { name: /Online order treat/ }).click();
  await page.getByRole('button', { name: 'Send as a gift' }).click();
  const sheet = page.getByRole('dialog', { name: 'Send as a gift' });
  await sheet.getByRole('textbox', { name: /Your friend's phone number/ }).fill(friendPhone);
  await sheet.getByLabel('A note for your friend (optional)').fill('For your next order!');
  await sheet.getByRole('button', { name: 'Send gift' }).click();
  const ready = page.getByRole('dialog', { name: 'Your gift is ready' });
  const link = await ready.getByLabel('Gift link').inputValue();
  expect(link).toMatch(/\/gifts\/[\w-]{40,}$/);
  await ready.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for your friend to claim it' })).toBeVisible();

  // The friend opens the link: without a Rewards card they add it first.
  await friend.goto(link);
  await expect(friend.getByText('From Rani')).toBeVisible();
  await expect(friend.getByText('For your next order!')).toBeVisible();
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
  await expect(friend.getByRole('heading', { name: 'Online order treat', level: 2 })).toBeVisible();

  // Rani's page, left open, learns that the gift was claimed.
  await expect(page.getByRole('heading', { name: 'Your gift was claimed' })).toBeVisible({ timeout: 10_000 });
});
