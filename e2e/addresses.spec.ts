import type { Page } from '@playwright/test';
import { expect, expectAccessible, signUp, test, uniquePhone } from './support.ts';

/** Opens a picker's sheet, searches its list and chooses the area named `name`. */
async function choose(page: Page, picker: string, search: string, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${picker} `) }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('searchbox').fill(search);
  await sheet.getByRole('button', { name, exact: true }).click();
  await expect(sheet).toBeHidden();
}

async function addAddress(page: Page, address: { type: string; recipient: string; phone: string; street: string; village: string; zip: string }) {
  await page.getByRole('radio', { name: address.type }).check();
  await page.getByRole('textbox', { name: "Recipient's name" }).fill(address.recipient);
  await page.getByRole('textbox', { name: "Recipient's phone number" }).fill(address.phone);
  await choose(page, 'Province', 'jakarta', 'DKI Jakarta');
  await choose(page, 'City or regency', 'selatan', 'Kota Administrasi Jakarta Selatan');
  await choose(page, 'District', 'kebayoran', 'Kebayoran Baru');
  await choose(page, 'Subdistrict', address.village, address.village);
  await page.getByRole('textbox', { name: /Full address/ }).fill(address.street);
  await page.getByRole('textbox', { name: 'Zip code' }).fill(address.zip);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/settings\/addresses$/);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a new member keeps delivery addresses: the first is primary, another is made primary, the first is deleted', async ({ page, request }) => {
  await signUp(page, request, uniquePhone(), '246801');

  await page.goto('/settings');
  await page.getByRole('link', { name: /Delivery addresses/ }).click();
  await expect(page).toHaveURL(/\/settings\/addresses$/);
  await expect(page.getByRole('heading', { name: 'No addresses yet' })).toBeVisible();
  await expectAccessible(page, 'the empty address book');

  await page.getByRole('link', { name: 'Add address' }).click();
  await expect(page).toHaveURL(/\/settings\/addresses\/new$/);
  await expect(page.getByRole('button', { name: /^City or regency / })).toBeDisabled();
  await expectAccessible(page, 'the new address form');

  // An empty form says what it needs and stays.
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText("Enter the recipient's name")).toBeVisible();
  await expect(page.getByText('Choose a province', { exact: true }).last()).toBeVisible();

  await addAddress(page, { type: 'Home', recipient: 'Sari Wulandari', phone: '081234567890', street: 'Jl. Senopati No. 10', village: 'Senayan', zip: '12190' });
  const homeCard = page.getByRole('article', { name: 'Home, Sari Wulandari' });
  await expect(homeCard).toContainText('Primary');
  await expect(homeCard).toContainText('Senayan, Kebayoran Baru');
  await expect(homeCard).toContainText('Kota Administrasi Jakarta Selatan, DKI Jakarta 12190');
  await expectAccessible(page, 'the address book');

  await page.getByRole('button', { name: 'Add address' }).click();
  await addAddress(page, { type: 'Office', recipient: 'Budi Santoso', phone: '081398765432', street: 'Menara Kopi, lantai 12', village: 'Gunung', zip: '12120' });
  const officeCard = page.getByRole('article', { name: 'Office, Budi Santoso' });
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Home, Sari Wulandari');
  await expect(officeCard).not.toContainText('Primary');

  // Editing opens the form with every picker filled in.
  await officeCard.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: /^Subdistrict / })).toHaveAccessibleName('Subdistrict Gunung');
  await expect(page.getByRole('textbox', { name: "Recipient's name" })).toHaveValue('Budi Santoso');
  await page.getByRole('button', { name: 'Back' }).click();

  await officeCard.getByRole('button', { name: 'Set as primary' }).click();
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Office, Budi Santoso');
  await expect(officeCard).toContainText('Primary');
  await expect(homeCard).not.toContainText('Primary');

  await homeCard.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this address?' });
  await expect(confirm).toContainText('Sari Wulandari, Jl. Senopati No. 10');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(homeCard).toBeHidden();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(officeCard).toContainText('Primary');
  await expectAccessible(page, 'the address book after a deletion');
});
