import { budi, demoPin, expect, rani, signInOnNewDevice, signUp, test, typeDigits, uniquePhone } from './support.ts';

test('a member sees the demo cards, shows a card QR, transfers points, and both members see it in their history', async ({ newPage, request }) => {
  const raniPage = await newPage();
  await signInOnNewDevice(raniPage, request, rani.phone);

  await expect(raniPage.getByText('Kopi Senja Rewards')).toBeVisible();
  await expect(raniPage.getByText('Kopi Stamps')).toBeVisible();
  await raniPage.getByText('Kopi Senja Rewards').click();
  await expect(raniPage).toHaveURL(/\/cards\/[a-z0-9]{24}$/);

  await raniPage.getByRole('button', { name: 'Show card' }).click();
  const qr = raniPage.getByRole('dialog');
  await expect(qr.getByText('6001 0100 0000 0013')).toBeVisible();
  await expect(qr.getByRole('img', { name: /QR code of card/ })).toBeVisible();
  await raniPage.keyboard.press('Escape');
  await expect(qr).toBeHidden();

  await raniPage.getByRole('link', { name: /Transfer points/ }).click();
  await raniPage.getByLabel("Recipient's phone number").fill(budi.phone);
  await raniPage.getByRole('button', { name: 'Next' }).click();
  await expect(raniPage.getByText('Budi S.')).toBeVisible();
  await raniPage.getByLabel('Amount to send').fill('25');
  await raniPage.getByRole('button', { name: 'Next' }).click();
  await typeDigits(raniPage, 'Enter your PIN', demoPin);
  await expect(raniPage.getByRole('heading', { name: 'Points sent' })).toBeVisible();

  await raniPage.getByRole('link', { name: 'See transaction history' }).click();
  await expect(raniPage.getByText(`Sent to ${budi.name}`).first()).toBeVisible();
  await expect(raniPage.getByText('−25').or(raniPage.getByText('-25')).first()).toBeVisible();

  const budiPage = await newPage();
  await signInOnNewDevice(budiPage, request, budi.phone);
  await budiPage.getByText('Kopi Senja Rewards').click();
  await budiPage.getByRole('link', { name: /Transaction history/ }).click();
  await expect(budiPage.getByText(`Received from ${rani.name}`).first()).toBeVisible();
  await expect(budiPage.getByText('+25').first()).toBeVisible();
});

test('a new member adds an issued card with its activation code and lands on the new card', async ({ page, request }) => {
  await signUp(page, request, uniquePhone(), '246810');
  await expect(page.getByText('You have no cards yet')).toBeVisible();

  await page.getByRole('link', { name: 'Add card' }).first().click();
  await page.getByLabel('Card number').fill('600101000000105');
  await page.getByRole('button', { name: 'Find card' }).click();
  await expect(page.getByText('Card number must be 16 digits')).toBeVisible();
  await page.getByLabel('Card number').fill('6001010000001052');
  await page.getByRole('button', { name: 'Find card' }).click();
  await page.getByRole('button', { name: 'Add to my wallet' }).click();
  await page.getByLabel('Activation code').fill('1234');
  await page.getByRole('button', { name: 'Add to my wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Card added' })).toBeVisible();
  await expect(page).toHaveURL(/\/cards\/[a-z0-9]{24}$/, { timeout: 15_000 });
  await expect(page.getByText('0 Pts')).toBeVisible();
});

test('three unknown card numbers lock adding cards with its own page, which reaches support and leads back to the wallet', async ({ page, request }) => {
  await signUp(page, request, uniquePhone(), '246810');
  await page.getByRole('link', { name: 'Add card' }).first().click();
  for (const number of ['6001019999999901', '6001019999999902']) {
    await page.getByLabel('Card number').fill(number);
    await page.getByRole('button', { name: 'Find card' }).click();
    await expect(page.getByText(/Card not found\. You have \d attempts? left/)).toBeVisible();
  }
  await page.getByLabel('Card number').fill('6001019999999903');
  await page.getByRole('button', { name: 'Find card' }).click();

  await expect(page).toHaveURL(/\/lock-24h\?reason=add-card&until=/);
  await expect(page.getByRole('heading', { name: 'Adding cards is locked' })).toBeVisible();
  await expect(page.getByText(/sign-in/)).toHaveCount(0);
  await expect(page.getByText(/^\d{2}:\d{2}:\d{2}$/)).toHaveText(/^2[34]:/);
  // Kopi Senja's support number from the demo data, with the message filled in.
  await expect(page.getByRole('link', { name: /Contact us/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/6281234500077\?text=Hello%20Kopi%20Senja/);
  await page.getByRole('link', { name: 'Back to my cards' }).click();
  await expect(page).toHaveURL(/\/cards$/);
});

