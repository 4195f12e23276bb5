import { expect, port, readCode, signOut, signUp, submitPhone, test, typeDigits, uniquePhone, useEnglish } from './support.ts';

test('a new member signs in by a code from the outbox, creates a PIN, and signs in again by PIN alone', async ({ page, request }) => {
  const phone = uniquePhone();
  await signUp(page, request, phone, '246810');

  // Signed out, the same browser is a known device: the PIN alone signs in.
  await signOut(page);
  await submitPhone(page, phone);
  await expect(page).toHaveURL(/\/passcode$/);
  await typeDigits(page, 'Enter your PIN', '246810');
  await expect(page).toHaveURL(/\/cards$/);
});

test('three wrong PINs lock the PIN and show the device-locked page with a countdown', async ({ page, request }) => {
  const phone = uniquePhone();
  await signUp(page, request, phone, '135790');
  await signOut(page);

  await submitPhone(page, phone);
  await expect(page).toHaveURL(/\/passcode$/);
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    await typeDigits(page, 'Enter your PIN', '000000');
    await expect(page.getByText(/Wrong PIN/)).toBeVisible();
  }
  await typeDigits(page, 'Enter your PIN', '000000');

  await expect(page).toHaveURL(/\/device-locked/);
  await expect(page.getByRole('heading', { name: 'Account locked' })).toBeVisible();
  const countdown = page.getByText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(countdown).toBeVisible();
  const first = await countdown.innerText();
  expect(first > '00:58:00').toBe(true);
  await expect(countdown).not.toHaveText(first);
});

test('the e-mail merchant on v2.localhost signs in by e-mail, then adds a phone number', async ({ page, request }) => {
  await useEnglish(page);
  const email = `member-${Date.now()}@example.com`;
  await page.goto(`http://v2.localhost:${port}/`);
  await expect(page.getByTestId('brand-name')).toHaveText('Lumina Beauty');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await typeDigits(page, 'Verification code', await readCode(request, email, 'v2.localhost'));
  await typeDigits(page, 'Create your PIN', '864200');
  await typeDigits(page, 'Re-enter your PIN', '864200');

  // An e-mail member adds a phone number, proven by a code, before the wallet opens.
  await expect(page).toHaveURL(/\/register-phone-number$/);
  const phone = uniquePhone();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await typeDigits(page, 'Verification code', await readCode(request, phone, 'v2.localhost'));
  await expect(page).toHaveURL(/\/v2\/cards$/);

  // The new member's empty wallet offers to add a card, and the link opens that page: a literal
  // path is not taken for a card id (and sent to /v2/cards/add-card, a card that does not exist).
  await page.getByRole('link', { name: 'Add card' }).click();
  await expect(page).toHaveURL(/\/cards\/add-card$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add card' })).toBeVisible();

  // The phone step is closed once the account has a phone number.
  await page.goto(`http://v2.localhost:${port}/register-phone-number`);
  await expect(page).toHaveURL(/\/cards$/);
});

test('the e-mail merchant accepts a phone number too, and the phone merchant refuses an e-mail', async ({ page, request }) => {
  await useEnglish(page);
  await page.goto(`http://v2.localhost:${port}/`);
  await expect(page.getByRole('heading', { name: 'Sign in with your e-mail' })).toBeVisible();
  await page.getByRole('button', { name: 'Use phone number instead' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with your phone number' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeFocused();
  const phone = uniquePhone();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await typeDigits(page, 'Verification code', await readCode(request, phone, 'v2.localhost'));
  await typeDigits(page, 'Create your PIN', '975310');
  await typeDigits(page, 'Re-enter your PIN', '975310');
  // A phone account owes no phone number: straight to the wallet.
  await expect(page).toHaveURL(/\/v2\/cards$/);

  const refused = await request.post(`http://localhost:${port}/api/auth/check-credential`, {
    data: { identifierType: 'email', identifierValue: 'someone@example.com', type: 'login' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body.identifierType' }] });
});
