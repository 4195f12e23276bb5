import type { APIRequestContext, Page } from '@playwright/test';
import { addCardByNumber, expect, expectAccessible, signUp, test, uniquePhone } from './support.ts';

/** A Kopi Senja Rewards card nobody owns yet in the demo data (no activation code). */
const rewardsCardNumber = '6001010000001045';
const rewardsProgramId = '5eed0000-0000-4000-8000-000000000001';

test.use({ viewport: { width: 390, height: 844 } });

/** The merchant's side, through the integration API with a development key of the demo merchant. */
async function merchantApi(request: APIRequestContext) {
  const made = await request.post('/api/dev/api-keys', { headers: { host: 'localhost' } });
  expect(made.status()).toBe(201);
  const { key } = (await made.json()) as { key: string };
  let calls = 0;
  return (path: string, data: object) => {
    calls += 1;
    return request.post(`/integration/v1${path}`, { headers: { host: 'localhost', authorization: `Bearer ${key}`, 'idempotency-key': `checkout-e2e-${Date.now()}-${calls}` }, data });
  };
}

/** Opens a picker's sheet, searches its list and chooses the area named `name`. */
async function choose(page: Page, picker: string, search: string, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${picker} `) }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('searchbox').fill(search);
  await sheet.getByRole('button', { name, exact: true }).click();
  await expect(sheet).toBeHidden();
}

async function addToCart(page: Page, cardPath: string, search: string, product: RegExp) {
  await page.goto(`${cardPath}/catalogs/shop?q=${search}`);
  await page.getByRole('link', { name: product }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

test.use({ viewport: { width: 390, height: 844 } });

test('a member checks out with points to a new address, the merchant sends it and the tracking page shows the courier; a mixed payment settles in the sandbox', async ({ page, request }) => {
  await signUp(page, request, uniquePhone(), '864209');
  const cardPath = await addCardByNumber(page, rewardsCardNumber);

  // The till's purchase of Rp 2,500,000 earns 2,500 points (1 per Rp 1,000).
  const merchant = await merchantApi(request);
  const purchase = await merchant('/purchases', { cardNumber: rewardsCardNumber, amount: 2_500_000, billNumber: `E2E-${Date.now()}` });
  expect(purchase.status(), await purchase.text()).toBe(201);

  // Two bags of beans in the cart, then to checkout: no address yet, so one is added on the way.
  await addToCart(page, cardPath, 'gayo', /Gayo single origin beans/);
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Increase quantity of Gayo single origin beans 250 g' }).click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(`${cardPath}/catalogs/checkout`);
  await expect(page.getByText('You have no delivery address yet. Add one to continue.')).toBeVisible();
  await page.getByRole('link', { name: 'Add an address' }).click();
  await page.getByRole('radio', { name: 'Home' }).check();
  await page.getByRole('textbox', { name: "Recipient's name" }).fill('Dewi Lestari');
  await page.getByRole('textbox', { name: "Recipient's phone number" }).fill('081298765432');
  await choose(page, 'Province', 'jakarta', 'DKI Jakarta');
  await choose(page, 'City or regency', 'selatan', 'Kota Administrasi Jakarta Selatan');
  await choose(page, 'District', 'kebayoran', 'Kebayoran Baru');
  await choose(page, 'Subdistrict', 'senayan', 'Senayan');
  await page.getByRole('textbox', { name: /Full address/ }).fill('Jl. Senopati No. 21');
  await page.getByRole('textbox', { name: 'Zip code' }).fill('12190');
  await page.getByRole('button', { name: 'Save address' }).click();

  // Back at checkout, at its top (not at the offset the long form was left at): free courier to
  // the new address, paid in points alone.
  await expect(page).toHaveURL(`${cardPath}/catalogs/checkout`);
  // The page is put back at its top once it is drawn: waited for, not read at the first instant.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('radio', { name: /Jl\. Senopati No\. 21/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Courier/ })).toBeChecked();
  const price = page.getByRole('region', { name: 'Price details' });
  await expect(price.getByText('Total', { exact: true }).locator('..')).toContainText('1.800 Pts');
  // The promo code's field and button share a line.
  await expect(page.getByRole('textbox', { name: 'Promo code' }).locator('..')).toHaveCSS('display', 'flex');
  await expectAccessible(page, 'the checkout');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(new RegExp(`${cardPath}/orders/[0-9a-f-]{36}$`), { timeout: 15_000 });
  const orderPath = new URL(page.url()).pathname;
  const orderId = orderPath.split('/').at(-1) ?? '';
  await expect(page.getByText('Order confirmed').first()).toBeVisible();
  await expect(page.getByText('Dewi Lestari')).toBeVisible();
  // Each fact of the delivery on one line, its label muted.
  await expect(page.locator('.order-facts__row').first()).toHaveCSS('display', 'flex');
  await expectAccessible(page, 'an order');

  // The merchant sends it; the tracking page shows the courier and the number.
  const shipped = await merchant(`/programs/${rewardsProgramId}/orders/${orderId}/status`, { status: 'on_courier', courier: 'JNE', trackingNumber: 'JNE0012345678' });
  expect(shipped.status(), await shipped.text()).toBe(200);
  await page.goto(`${orderPath}/track`);
  await expect(page.getByText('JNE0012345678')).toBeVisible();
  await expect(page.getByText('On delivery').first()).toBeVisible();
  await expectAccessible(page, 'the tracking page');
  await expect(page.getByText('JNE0012345678')).toHaveCSS('font-weight', '700');
  await page.goto(`${orderPath}/receipt`);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  const receipt = page.getByRole('article');
  await expect(receipt).toHaveCSS('border-top-width', '1px');
  await expectAccessible(page, 'the receipt');
  // Printed, the receipt stands alone: black on white, without the app's header or its button.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(receipt).toHaveCSS('border-top-width', '0px');
  await expect(receipt).toHaveCSS('color', 'rgb(0, 0, 0)');
  await page.emulateMedia({ media: 'screen' });

  // The pickup points of the program, each with its opening hours kept on their lines.
  await page.goto(`${cardPath}/distributors`);
  await page.getByRole('link').filter({ hasText: /Senayan/ }).first().click();
  await expect(page.locator('dd').filter({ hasText: /\d{2}[.:]\d{2}/ }).first()).toHaveCSS('white-space', 'pre-line');
  await expectAccessible(page, 'a pickup point');

  // 700 points are left; a tumbler costs 1,500: the 800 missing are paid in money, by virtual account in the sandbox.
  await addToCart(page, cardPath, 'tumbler', /tumbler/i);
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByText('Payment source not sufficient. Combine it with another payment method')).toBeVisible();
  await page.getByRole('radio', { name: 'Virtual account' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(new RegExp(`${cardPath}/orders/[0-9a-f-]{36}$`), { timeout: 15_000 });
  await expect(page.getByText('Waiting for payment').first()).toBeVisible();
  await page.getByRole('link', { name: 'Pay in the sandbox' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('link', { name: 'Back to where you came from' }).click();
  await expect(page.getByText('Order confirmed').first()).toBeVisible({ timeout: 15_000 });

  // Both orders are in the card's list.
  await page.goto(`${cardPath}/orders`);
  await expect(page.getByRole('link', { name: /Order confirmed/ })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /On delivery/ })).toHaveCount(1);
  await expectAccessible(page, 'the order list');
});
