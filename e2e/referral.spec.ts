import { expect, rani, readCode, signInAsMember, test, typeDigits, uniquePhone, useEnglish } from './support.ts';

/*
 * Referral (docs/decisions/042-referrals.md): Rani's link, RANI2026 in the demo data, opened in a
 * fresh browser; the friend signs up through it, lands on a Kopi Senja Rewards card holding the
 * friend's 50 points, buys at the till, and Rani's list shows the friend made a purchase, with her
 * 100-point commission.
 */
const raniCardPath = '/cards/demo00006001010000000013';
const referralId = '5eed0000-0000-4000-8000-000000000101';

test.use({ viewport: { width: 390, height: 844 } });

test("a friend signs up through Rani's referral link, buys at the till, and Rani's list shows the purchase with her commission", async ({ page, newPage, request }) => {
  const friend = await newPage();
  await friend.setViewportSize({ width: 390, height: 844 });
  await useEnglish(friend);
  const phone = uniquePhone();

  // The link names who invites and what the friend receives, before signing up.
  await friend.goto('/?ref=RANI2026');
  await expect(friend.getByText(/Rani S\. invited you to Kopi Senja Rewards — join and receive 50/)).toBeVisible();
  await friend.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await friend.getByLabel(/I agree/).check();
  await friend.getByRole('button', { name: 'Continue' }).click();
  await expect(friend).toHaveURL(/\/login$/);
  await typeDigits(friend, 'Verification code', await readCode(request, phone));
  await typeDigits(friend, 'Create your PIN', '975310');
  await typeDigits(friend, 'Re-enter your PIN', '975310');

  // Joined: the new member's Kopi Senja Rewards card, with the welcome of the invite.
  await expect(friend).toHaveURL(/\/cards\/[a-z0-9]{24}$/, { timeout: 15_000 });
  await expect(friend.getByText(/You joined through Rani S\.'s invite: 50 .* added to your Kopi Senja Rewards card\./)).toBeVisible();
  const cardId = new URL(friend.url()).pathname.split('/').at(-1) ?? '';
  const card = (await (await friend.request.get(`/api/v2/cards/${cardId}`, { headers: { host: 'localhost' } })).json()) as { no: string; balance: { amount: number } };
  expect(card.balance.amount).toBeGreaterThanOrEqual(50);

  // The till reports the friend's first purchase.
  const made = await request.post('/api/dev/api-keys', { headers: { host: 'localhost' } });
  const { key } = (await made.json()) as { key: string };
  const bought = await request.post('/integration/v1/purchases', {
    headers: { host: 'localhost', authorization: `Bearer ${key}`, 'idempotency-key': `referral-e2e-${phone}` },
    data: { cardNumber: card.no, amount: 50_000, billNumber: `REF-${phone}` },
  });
  expect(bought.status()).toBe(201);

  // Rani opens "Refer friends" from her card: the friend made a purchase, and she earned for it.
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);
  await page.goto(raniCardPath);
  await page.getByRole('navigation', { name: 'Card menu' }).getByRole('link', { name: 'Refer friends' }).click();
  await expect(page).toHaveURL(`${raniCardPath}/referral/${referralId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Refer friends' })).toBeVisible();
  await expect(page.getByText('RANI2026').first()).toBeVisible();
  const masked = `+62 ${phone.slice(1, 4)}-****-${phone.slice(-4)}`;
  const row = page.getByRole('listitem').filter({ hasText: masked });
  await expect(row.getByText('Made a purchase')).toBeVisible();
  await expect(row.getByText(/100/)).toBeVisible();

  // Inviting a phone puts it on the list as pending.
  const invited = uniquePhone().replace(/^0812/, '0813');
  await page.getByLabel("Your friend's phone number").fill(invited);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `-****-${invited.slice(-4)}` }).getByText('Pending')).toBeVisible();
});
