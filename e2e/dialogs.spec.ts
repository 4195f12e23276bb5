import type { Locator } from '@playwright/test';
import { appRunning, budi, expect, expectAccessible, port, signInOnNewDevice, test, useEnglish } from './support.ts';

// jsdom only has a stand-in for showModal(); these run the dialogs' keyboard contract in Chromium itself.

async function expectModal(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.matches('dialog:modal'))).toBe(true);
}

test('the card actions menu, the card QR and the account deletion confirm work by keyboard: focus moves in, stays, and goes back', async ({ page, request }) => {
  await signInOnNewDevice(page, request, budi.phone);
  const actions = page.getByRole('button', { name: /Actions for Kopi Senja Rewards/ });
  await actions.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: /Actions for Kopi Senja Rewards/ });
  await expect(menu.getByRole('menuitem', { name: 'Hide card' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Archive card' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(actions).toBeFocused();

  await page.getByText('Kopi Senja Rewards').click();

  const show = page.getByRole('button', { name: 'Show card' });
  await show.click();
  const qr = page.getByRole('dialog', { name: 'Kopi Senja Rewards' });
  await expectModal(qr);
  const close = qr.getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(qr).toBeHidden();
  await expect(show).toBeFocused();

  await page.goto('/settings/account-deletion');
  const remove = page.getByRole('button', { name: 'Delete my account' });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expectModal(confirm);
  const cancel = confirm.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Yes, delete my account' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  // Confirmed, it asks for the PIN before anything is sent; keeping the account sends nothing.
  await remove.click();
  await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await expect(page.getByLabel('Enter your PIN')).toBeFocused();
  await expectAccessible(page, 'the PIN step of deleting an account');
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('the age gate stays through Escape, however often it is pressed, until it is answered', async ({ page }) => {
  await useEnglish(page);
  await page.goto(`http://age.localhost:${port}/`);
  const gate = page.getByRole('dialog', { name: 'Are you 21 or older?' });
  await expectModal(gate);
  const confirm = gate.getByRole('button', { name: 'Yes, I am 21 or older' });
  await expect(confirm).toBeFocused();
  // The browser lets a page refuse only a few Escape presses in a row before it closes a dialog itself.
  for (let press = 0; press < 4; press += 1) await page.keyboard.press('Escape');
  await expectModal(gate);
  await page.keyboard.press('Tab');
  await expect(gate.getByRole('button', { name: 'No, leave this site' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await confirm.click();
  await expect(gate).toBeHidden();
});

test('a keyboard user skips past the header, and each page they open announces itself by its heading', async ({ page, request }) => {
  await signInOnNewDevice(page, request, budi.phone);

  // On a page just opened, the skip link is the first stop of Tab, shown only then, and lands on the content.
  await page.goto('/cards');
  await appRunning(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // Opening a card by keyboard puts focus, with its ring, on the new page's heading.
  await page.getByRole('link', { name: /Kopi Senja Rewards/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cards\/[a-z0-9]{24}$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((element) => element.matches(':focus-visible'))).toBe(true);

  // Opened by a tap, the next page's heading takes focus too, but draws no ring.
  await page.getByRole('link', { name: /Transaction history/ }).click();
  await expect(page).toHaveURL(/\/transaction-history$/);
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((element) => element.matches(':focus-visible'))).toBe(false);
});

test('the region sheet works by keyboard alone', async ({ page }) => {
  await useEnglish(page);
  await page.goto('/');
  await appRunning(page);
  await page.getByRole('button', { name: /Country code \+62/ }).focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Search Region' });
  await expectModal(sheet);
  await expect(sheet.getByRole('searchbox', { name: 'Search region by country name' })).toBeFocused();
  await page.keyboard.type('Malay');
  await page.keyboard.press('Tab');
  await expect(sheet.getByRole('button', { name: /Malaysia/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: /Country code \+60/ })).toBeFocused();
});
