import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, openPage, rani, signInAsMember, test, useEnglish } from './support.ts';

/*
 * Rani's inbox at Kopi Senja (the server's demo seed holds messages for her, some unread; other
 * tests may add more): the count is read from the page, never assumed.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The header's inbox icon, whatever its count. */
const inboxButton = (page: Page): Locator => page.getByRole('banner').getByRole('button', { name: /^Inbox(, \d+ unread)?$/ });

/** How many messages the header's icon says are unread (0 when it shows no badge). */
async function unreadCount(page: Page): Promise<number> {
  const name = (await inboxButton(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

/** What the badge should say for a count: the count, or nothing (and no badge) at 0. */
async function expectBadge(page: Page, count: number): Promise<void> {
  const button = inboxButton(page);
  if (count === 0) {
    await expect(button).toHaveAccessibleName('Inbox');
    await expect(button).toHaveText('');
  } else {
    await expect(button).toHaveAccessibleName(`Inbox, ${count} unread`);
    await expect(button).toHaveText(count > 99 ? '99+' : String(count));
  }
}

test('a member reads her inbox: opening a message takes the badge down by one, and marking all read clears it', async ({ page, request }) => {
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);

  // The wallet's header names the unread messages once the count has come.
  await expect(inboxButton(page)).toHaveAccessibleName(/^Inbox, \d+ unread$/);
  const before = await unreadCount(page);
  expect(before).toBeGreaterThan(0);
  await expectBadge(page, before);

  await inboxButton(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const messages = page.getByRole('list', { name: 'Messages' });
  const unread = messages.getByRole('link', { name: /^Unread: / }).or(messages.getByRole('button', { name: /^Unread: / }));
  await expect(unread.first()).toBeVisible();
  await expectAccessible(page, 'the inbox with unread messages');

  // Opening an unread message goes where it leads (or opens it in place) and reads it.
  const opened = unread.first();
  const isLink = (await opened.evaluate((element) => element.tagName)) === 'A';
  await opened.click();
  if (isLink) {
    await expect(page).not.toHaveURL(/\/notifications$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/notifications$/);
  } else {
    await expect(opened).toHaveAttribute('aria-expanded', 'true');
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/cards$/);
  await expectBadge(page, before - 1);

  // Marking everything read leaves no unread message and no badge.
  await inboxButton(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(messages).toBeVisible();
  const markAll = page.getByRole('button', { name: 'Mark all as read' });
  if (before - 1 > 0) {
    await expect(markAll).not.toHaveAttribute('aria-disabled', 'true');
    await markAll.click();
  }
  await expect(markAll).toHaveAttribute('aria-disabled', 'true');
  await expect(messages.getByRole('link', { name: /^Unread: / }).or(messages.getByRole('button', { name: /^Unread: / }))).toHaveCount(0);
  await expectAccessible(page, 'the inbox all read');

  await page.goBack();
  await expect(page).toHaveURL(/\/cards$/);
  await expectBadge(page, 0);
  // And so it stays in the wallet the server draws afresh, with the count it reads itself.
  await openPage(page, '/cards');
  await expectBadge(page, 0);
});
