import { addCardByNumber, expect, expectAccessible, signOut, signUp, test, uniquePhone } from './support.ts';

/** A Kopi Senja Rewards card nobody owns yet in the demo data (no activation code). */
const rewardsCardNumber = '6001010000001037';
/** Another such card, for the donation. */
const fundCardNumber = '6001010000001029';

test('a member browses the catalog, filters it, fills a cart, is asked before mixing a physical item with an e-voucher, and loses the cart on sign-out', async ({ page, request }) => {
  await signUp(page, request, uniquePhone(), '135790');
  const cardPath = await addCardByNumber(page, rewardsCardNumber);

  // The card's Shop button opens the product list, drawn from the seeded catalog.
  await page.getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL(`${cardPath}/catalogs/shop`);
  await expect(page.getByText('15 products')).toBeVisible();
  await expect(page.getByRole('link', { name: /Senja enamel mug/ })).toContainText('Out of Stock');
  await expectAccessible(page, 'the shop list');

  // Search and a points range live in the address; a minimum above the maximum is refused in the form.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('beans');
  await expect(page.getByText('2 products')).toBeVisible();
  await expect(page).toHaveURL(/q=beans/);
  await page.getByRole('button', { name: /Filter/ }).click();
  await page.getByLabel('Minimum').fill('2000');
  await page.getByLabel('Maximum').fill('100');
  await page.getByRole('button', { name: 'Show products' }).click();
  await expect(page.getByText('Minimum price must not be greater than the maximum price')).toBeVisible();
  await page.getByLabel('Maximum').fill('950');
  await page.getByLabel('Minimum').fill('0');
  await page.getByRole('button', { name: 'Show products' }).click();
  await expect(page.getByText('1 product', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/maxPrice=950/);

  // An e-voucher in the cart, then a physical item: the app asks before it empties the cart.
  await page.goto(`${cardPath}/catalogs/shop`);
  await page.getByRole('link', { name: /Kopi Susu Gula Aren voucher/ }).click();
  await expect(page.getByText('At most 5 per order')).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expectAccessible(page, 'a product page');

  await page.goto(`${cardPath}/catalogs/shop?q=gayo`);
  await page.getByRole('link', { name: /Gayo single origin beans/ }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const question = page.getByRole('alertdialog', { name: 'Start a new cart?' }).or(page.getByRole('dialog', { name: 'Start a new cart?' }));
  await expect(question).toContainText('Physical product and e-Voucher cannot be purchased at the same cart');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'Empty cart and add' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The cart is priced by the server and survives a reload.
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page).toHaveURL(`${cardPath}/catalogs/carts`);
  await expect(page.getByText('Gayo single origin beans 250 g')).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity of Gayo single origin beans 250 g' }).click();
  await expect(page.getByText('1.800 Pts')).toBeVisible();
  await page.reload();
  await expect(page.getByText('1.800 Pts')).toBeVisible();
  await expectAccessible(page, 'the cart');

  // Signing out empties it, as the spec says of the shopping cart.
  await signOut(page);
  const keptCarts = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('cart')));
  expect(keptCarts).toEqual([]);
});

test('a member gives to the farmers fund an amount of their own, checked against the minimum donation, and takes it to checkout', async ({ page, request }) => {
  await signUp(page, request, uniquePhone(), '135790');
  const cardPath = await addCardByNumber(page, fundCardNumber);

  await page.goto(`${cardPath}/catalogs/shop?q=fund`);
  await expect(page.getByRole('link', { name: /Gayo farmers fund/ })).toContainText('From Rp 10.000');
  await page.getByRole('link', { name: /Gayo farmers fund/ }).click();
  const amount = page.getByRole('textbox', { name: 'Donation amount' });
  await expect(amount).toHaveAccessibleDescription(/Minimum donation Rp\s10\.000, up to Rp\s5\.000\.000/);
  await amount.fill('5000');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(amount).toHaveAccessibleDescription(/The minimum donation is Rp\s10\.000/);
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart');
  await amount.fill('25000');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The server prices the line at the amount chosen; nothing is delivered, so checkout asks only how to pay.
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByText('Your donation: Rp 25.000')).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('group', { name: 'Payment method' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delivery' })).toHaveCount(0);
});
