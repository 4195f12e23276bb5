import type { Browser, BrowserContext, Page } from '@playwright/test';
import { appRunning, demoPin, expect, expectAccessible, port, rani, readCode, test, typeDigits, uniquePhone, useEnglish } from '../support.ts';

// The accessibility tour, run by hand (`npm run check:a11y`): every page of both demo interfaces,
// in two brands and two languages each, through axe-core's WCAG 2.x A/AA rules (expectAccessible).
// A member's pages are opened by their address, as a member following a link or coming back to a
// bookmark would. The browser tests check every page they pass through on their own (support.ts).

// Each page here is checked by name, so the tests' own checks on the way are left out.
test.use({ checkPages: false });

type Language = 'en' | 'id' | 'ja';

/** The status pages every site has, by their addresses. */
const statusPages = [
  '/maintenance',
  '/sorry',
  '/feature-locked?feature=shop',
  '/device-locked',
  '/lock',
  '/lock-24h',
  '/retry',
  '/qr-locked',
  '/sso-invalid',
  '/user-under-review',
  '/no-such-page',
];

let checked = 0;
/** Routes the app answers with its 404 page: checked as that page, but not counted as theirs. */
const answeredByNotFound = new Set<string>();

async function check(page: Page, path: string, what: string): Promise<void> {
  await page.goto(path);
  await appRunning(page);
  await expectAccessible(page, `${what} ${path}`);
  const notFound = (await page.locator('[data-status-page="not-found"]').count()) > 0;
  if (notFound && path !== '/no-such-page') answeredByNotFound.add(path);
  else checked += 1;
}

/** A browser context with the member's session (when given) and the app in `language`. */
async function contextIn(browser: Browser, origin: string, language: Language, session?: BrowserContext): Promise<BrowserContext> {
  const storageState = session ? await session.storageState() : undefined;
  const context = await browser.newContext({ baseURL: origin, storageState, viewport: { width: 390, height: 844 } });
  await context.addInitScript((chosen) => localStorage.setItem('i18n-lang', chosen), language);
  // The card page's own first-visit tour is checked where it shows (e2e/engagement.spec.ts).
  await context.addInitScript(() => localStorage.setItem('kartu.card-tour', 'true'));
  return context;
}

test.afterAll(() => {
  console.log(`axe-core checked ${checked} pages: no WCAG 2.x A/AA violation`);
  if (answeredByNotFound.size > 0) console.log(`Not counted, as the app answers them with its 404 page: ${[...answeredByNotFound].join(', ')}`);
});

test('every page of the v1 demo (Kopi Senja) passes, in English and Japanese', async ({ browser, page, request }) => {
  // About 60 pages through axe-core, up to 3 s each on a busy 2-core machine.
  test.setTimeout(300_000);
  const origin = `http://localhost:${port}`;

  // The sign-in steps as a member on a new device meets them.
  await useEnglish(page);
  await page.goto('/');
  await appRunning(page);
  await expectAccessible(page, 'landing');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(rani.phone);
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page, 'one-time code step');
  await typeDigits(page, 'Verification code', await readCode(request, rani.phone));
  await expect(page).toHaveURL(/\/passcode/);
  await expectAccessible(page, 'PIN step');
  await typeDigits(page, 'Enter your PIN', demoPin);
  await expect(page).toHaveURL(/\/cards$/);
  await expectAccessible(page, 'wallet');
  checked += 4;

  // The wallet's moments that are not pages of their own: a card's menu, the QR dialog, a confirm.
  await page.getByRole('button', { name: 'Actions for Kopi Stamps' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'card menu open');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: /Kopi Senja Rewards/ }).click();
  await expect(page).toHaveURL(/\/cards\/[a-z0-9]{24}$/);
  const card = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Show card' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'card QR dialog');
  await page.keyboard.press('Escape');
  await page.goto(`${card}/transaction-history`);
  await page.getByRole('link').filter({ hasText: /Free Kopi Susu Senja/ }).first().click();
  await expect(page).toHaveURL(/\/transaction-detail\//);
  const transaction = new URL(page.url()).pathname;
  checked += 2;

  const memberPages = [
    '/cards',
    '/cards?view=hidden',
    '/cards?view=archived',
    card,
    `${card}/transaction-history`,
    transaction,
    `${card}/transfer-point`,
    `${card}/claim-rewards`,
    `${card}/levels`,
    `${card}/mission-activities`,
    `${card}/mission-activities?tab=history`,
    `${card}/mission-activities/5eed0000-0000-4000-8000-000000000121`,
    `${card}/target-achievement`,
    `${card}/referral/5eed0000-0000-4000-8000-000000000101`,
    `${card}/privileges`,
    `${card}/privileges/5eed0000-0000-4000-8000-000000000132`,
    `${card}/privileges/5eed0000-0000-4000-8000-000000000132/survey`,
    `${card}/privileges/5eed0000-0000-4000-8000-000000000133`,
    `${card}/scan-to-earn`,
    `${card}/scan-receipt`,
    `${card}/scan-receipt/SENAYAN-CITY`,
    `${card}/scan-qris`,
    `${card}/scan-qris?qris=${encodeURIComponent('00020101021126400014ID.CO.QRIS.WWW01189360089900000000015204581253033605802ID5914WARUNG BU SARI6007BANDUNG6304B2BB')}`,
    '/qrcode-scanner',
    `${card}/bills`,
    `${card}/bills/mobile_credit`,
    `${card}/bills/electricity_postpaid`,
    `${card}/bills/payments/5eed0000-0000-4000-8000-000000000162`,
    '/cards/add-card',
    '/cards/add/6001010000000039',
    '/cards/aaaaaaaaaaaaaaaaaaaaaaaa',
    '/feature-locked?feature=referral',
    '/notifications',
    '/profile',
    '/settings',
    '/settings/change-pin',
    '/settings/account-deletion',
  ];
  for (const language of ['en', 'ja'] as const) {
    const member = await contextIn(browser, origin, language, page.context());
    const memberPage = await member.newPage();
    for (const path of memberPages) await check(memberPage, path, `Kopi Senja (${language})`);
    await member.close();
    const visitor = await contextIn(browser, origin, language);
    const visitorPage = await visitor.newPage();
    for (const path of ['/', ...statusPages]) await check(visitorPage, path, `Kopi Senja (${language})`);
    // The development gallery: every shared component in every demo palette and language at once.
    // Its loading buttons are busy on purpose; it is checked once its catalogues are in.
    if (language === 'en') {
      await visitorPage.goto('/dev/ui');
      await expect(visitorPage.getByRole('heading', { level: 2, name: 'Mid grey' })).toBeVisible();
      await expectAccessible(visitorPage, 'the component gallery', { showsLoading: true });
      checked += 1;
    }
    await visitor.close();
  }
});

test('every page of the v2 demo (Lumina Beauty) passes, in Indonesian and English, and the age gate too', async ({ browser, page, request }) => {
  // About 60 pages through axe-core, up to 3 s each on a busy 2-core machine.
  test.setTimeout(300_000);
  const origin = `http://v2.localhost:${port}`;

  // A new member signs up by phone and adds a card, checked at every step.
  await useEnglish(page);
  const phone = uniquePhone();
  await page.goto(`${origin}/`);
  await appRunning(page);
  await expectAccessible(page, 'v2 landing');
  await page.getByRole('button', { name: 'Use phone number instead' }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await typeDigits(page, 'Verification code', await readCode(request, phone, 'v2.localhost'));
  await expect(page.getByLabel('Create your PIN')).toBeVisible();
  await expectAccessible(page, 'v2 new PIN step');
  await typeDigits(page, 'Create your PIN', '975310');
  await expect(page.getByLabel('Re-enter your PIN')).toBeVisible();
  await expectAccessible(page, 'v2 PIN confirmation step');
  await typeDigits(page, 'Re-enter your PIN', '975310');
  await expect(page).toHaveURL(/\/v2\/cards$/);
  await expectAccessible(page, 'v2 empty wallet');
  await page.getByRole('link', { name: 'Add card' }).click();
  await page.getByRole('textbox', { name: 'Card number' }).fill('6002010000001010');
  await page.getByRole('button', { name: 'Find card' }).click();
  await expect(page.getByRole('button', { name: 'Add to my wallet' })).toBeVisible();
  await expectAccessible(page, 'v2 card found');
  checked += 5;

  for (const language of ['id', 'en'] as const) {
    const member = await contextIn(browser, origin, language, page.context());
    const memberPage = await member.newPage();
    for (const path of ['/v2/cards', '/v2/cards/add-card', '/notifications', '/profile', '/settings']) await check(memberPage, path, `Lumina (${language})`);
    await member.close();
    const visitor = await contextIn(browser, origin, language);
    const visitorPage = await visitor.newPage();
    for (const path of ['/', ...statusPages]) await check(visitorPage, path, `Lumina (${language})`);
    // The gallery again, under the v2 interface and in Indonesian.
    if (language === 'id') {
      await visitorPage.goto('/dev/ui');
      await expect(visitorPage.getByRole('heading', { level: 2, name: 'Mid grey' })).toBeVisible();
      await expectAccessible(visitorPage, 'the component gallery (v2)', { showsLoading: true });
      checked += 1;
    }
    await visitor.close();
  }

  const gate = await contextIn(browser, `http://age.localhost:${port}`, 'en');
  await check(await gate.newPage(), '/', 'the age gate');
  await gate.close();
});
