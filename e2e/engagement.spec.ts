import { budi, expect, expectAccessible, rani, signInAsMember, test, useEnglish } from './support.ts';

/*
 * What Kopi Senja's demo shows around the card page: the feature lock on point transfers (open
 * from Silver: Rani has it, Budi has not), the banners and the in-app banner of Kopi Senja Rewards,
 * the terms and privacy policy, and the card page's first-visit tour.
 */

test.use({ viewport: { width: 390, height: 844 } });

const raniRewards = '/cards/demo00006001010000000013';
const budiRewards = '/cards/demo00006001010000000021';

test('a member below the level that opens point transfers is told what opens them', async ({ page, request }) => {
  await useEnglish(page);
  await signInAsMember(page, request, budi.phone);
  await page.goto(`${budiRewards}/transfer-point`);
  await expect(page).toHaveURL(/\/feature-locked\?feature=transfer-point$/);
  await expect(page.getByText('Point transfer opens when your Kopi Senja Rewards card reaches Silver.')).toBeVisible();
  await expectAccessible(page, 'feature locked');
  await page.getByRole('link', { name: 'See my levels' }).click();
  await expect(page).toHaveURL(`${budiRewards}/levels`);
});

test("the card page shows the merchant's banners and one in-app banner a visit, in turn", async ({ page, request }) => {
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);
  await page.goto(raniRewards);
  const row = page.getByRole('region', { name: 'Promotions' });
  await expect(row.getByRole('link')).toHaveCount(2);
  // The pictures say nothing their captions do not (empty alt): found as images, not by role.
  const picture = row.locator('img').first();
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

  const announcement = page.getByRole('complementary', { name: 'Announcement' });
  await expect(announcement).toBeVisible();
  const first = await announcement.innerText();
  await expectAccessible(page, 'card page with banners');
  await announcement.getByRole('button', { name: 'Close' }).click();
  await expect(announcement).toBeHidden();

  await page.reload();
  await expect(announcement).toBeVisible();
  expect(await announcement.innerText()).not.toBe(first);

  await row.getByRole('link', { name: 'Double points on every Kopi Susu this weekend' }).click();
  await expect(page).toHaveURL(`${raniRewards}/catalogs`);
});

test('the terms and privacy policy open from Settings in the member’s language', async ({ page, request }) => {
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Privacy Policy' }).click();
  const sheet = page.getByRole('dialog', { name: 'Privacy Policy' });
  await expect(sheet.getByText(/^Kopi Senja keeps your name, phone number/)).toBeVisible();
  await expectAccessible(page, 'privacy policy sheet');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Terms & Conditions' }).click();
  await expect(page.getByRole('dialog', { name: 'Terms & Conditions' }).getByText(/^Kopi Senja Rewards is the loyalty program/)).toBeVisible();
});

test.describe('on a device new to the card page', () => {
  test.use({ cardTourSeen: false });

  test('the first visit walks through the card page, can be skipped, and does not come back', async ({ page, request }) => {
    await useEnglish(page);
    await signInAsMember(page, request, rani.phone);
    await page.goto(raniRewards);
    const tour = page.getByRole('dialog', { name: 'Your card at a glance' });
    await expect(tour).toBeVisible();
    await expectAccessible(page, 'card page tour');
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('dialog', { name: 'Earn at the counter' })).toBeVisible();
    await page.getByRole('button', { name: 'Skip the tour' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Kopi Senja Rewards' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
