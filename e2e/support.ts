import AxeBuilder from '@axe-core/playwright';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

export const port = Number(process.env.E2E_PORT ?? 4173);

/** A phone number no other test uses, in the national form a member types. */
export function uniquePhone(): string {
  return `0812${String(Date.now()).slice(-8)}`;
}

/** The newest one-time code the development outbox holds for a recipient (notices to them carry none). */
export async function readCode(request: APIRequestContext, to: string, host = 'localhost'): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { host } });
      const body = (await answer.json()) as { data: { code: string | null }[] };
      code = body.data.find((message) => message.code !== null)?.code ?? undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** Types digits into a code or PIN field; the field submits by itself at the last digit. */
export async function typeDigits(page: Page, label: string | RegExp, digits: string): Promise<void> {
  const field = page.getByLabel(label);
  await field.click();
  await field.pressSequentially(digits);
}

/** The app in English whatever the merchant's default language. */
export async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('i18n-lang', 'en'));
}

/**
 * Opens a page and waits until the app runs it: the server draws the landing page before the
 * app's code arrives, and what is typed or clicked before then is the browser's alone.
 */
export async function openPage(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await appRunning(page);
}

/** Waits until the app runs the page it is on (rendered, or hydrated when the server drew it). */
export async function appRunning(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** The landing page's first step: a phone number and the consent, then Continue. */
export async function submitPhone(page: Page, phone: string): Promise<void> {
  await openPage(page);
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A new member of the demo merchant: the code from the outbox, then a new PIN; ends in the wallet. */
export async function signUp(page: Page, request: APIRequestContext, phone: string, pin: string): Promise<void> {
  await submitPhone(page, phone);
  await expect(page).toHaveURL(/\/login$/);
  await typeDigits(page, 'Verification code', await readCode(request, phone));
  await expect(page).toHaveURL(/\/new-pin/);
  await typeDigits(page, 'Create your PIN', pin);
  await typeDigits(page, 'Re-enter your PIN', pin);
  await expect(page).toHaveURL(/\/cards$/);
}

/** Signs the member out from the settings page. */
export async function signOut(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

// The seeded demo members of Kopi Senja (README 'Try it'); both use PIN 123456.
export const rani = { phone: '081211112222', name: 'Rani' };
export const budi = { phone: '081233334444', name: 'Budi' };
export const demoPin = '123456';

/** A browser new to the member: a one-time code first, then the PIN. */
export async function signInOnNewDevice(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await submitPhone(page, phone);
  await expect(page).toHaveURL(/\/login$/);
  await typeDigits(page, 'Verification code', await readCode(request, phone));
  await expect(page).toHaveURL(/\/passcode/);
  await typeDigits(page, 'Enter your PIN', demoPin);
  await expect(page).toHaveURL(/\/cards$/);
  await rememberDevice(page, phone);
}

/*
 * A member may ask for 3 codes in 15 minutes, and the suite signs Rani in more often than that. A
 * browser that once signed in with a code is a known device, which signs in by PIN alone: its
 * device id is kept per phone for this run and lent to the next browser of the member.
 */
const deviceIdKey = 'kartu.device-id';
// One file per run of the suite (a fresh server knows no device), beside the server's data.
const knownDevicesFile = join(tmpdir(), `kartu-e2e-known-devices-${basename(process.env.E2E_DATA_DIR ?? String(port))}.json`);

function knownDevices(): Record<string, string> {
  try {
    return JSON.parse(readFileSync(knownDevicesFile, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

async function rememberDevice(page: Page, phone: string): Promise<void> {
  const deviceId = await page.evaluate((key) => localStorage.getItem(key), deviceIdKey);
  if (deviceId) writeFileSync(knownDevicesFile, JSON.stringify({ ...knownDevices(), [phone]: deviceId }));
}

/**
 * Signs a demo member in on a device they already used when there is one (the PIN alone), else
 * with a code first; ends in the wallet. A stale device (a server started afresh) takes the code.
 */
export async function signInAsMember(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  const deviceId = knownDevices()[phone];
  if (deviceId) await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [deviceIdKey, deviceId] as const);
  await submitPhone(page, phone);
  await expect(page).toHaveURL(/\/(login|passcode)/);
  if (new URL(page.url()).pathname === '/login') {
    await typeDigits(page, 'Verification code', await readCode(request, phone));
    await expect(page).toHaveURL(/\/passcode/);
  }
  await typeDigits(page, 'Enter your PIN', demoPin);
  await expect(page).toHaveURL(/\/cards$/);
  await rememberDevice(page, phone);
}

/** The WCAG 2.x A and AA rules axe-core knows; a page passes when none is violated. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What axe-core finds wrong with the page as it stands, one line per rule with the first elements it names. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return results.violations.map((violation) => {
    const where = violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`);
    return `${violation.id} [${violation.impact}] ${violation.help}: ${where.join('; ')}`;
  });
}

/**
 * The page passes axe-core's WCAG 2.x A/AA rules, has exactly one main landmark (the skip link's
 * `#main`) and one h1, and nothing on it is still loading (unless it `showsLoading` states on purpose).
 */
export async function expectAccessible(page: Page, what = page.url(), { showsLoading = false } = {}): Promise<void> {
  if (!showsLoading) await expect(page.locator('[aria-busy="true"]'), `${what}: still loading`).toHaveCount(0);
  await expect(page.locator('main, [role="main"]'), `${what}: one main landmark`).toHaveCount(1);
  await expect(page.locator('main#main'), `${what}: the skip link's target`).toHaveCount(1);
  await expect(page.locator('h1'), `${what}: one h1`).toHaveCount(1);
  // Colours are measured at rest, once entrance motion (a fade, a rise) has ended: also motion that
  // starts a frame or two later (a page's entrance begins when the page it replaces has gone).
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let round = 0; round < 20; round += 1) {
      await frame();
      const moving = document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity && animation.playState === 'running');
      if (moving.length === 0) return;
      await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  expect(await accessibilityViolations(page), what).toEqual([]);
}

/** A page an app test leaves open at its end, worth checking: one of the app's own. */
function isAppPage(page: Page): boolean {
  return !page.isClosed() && /^https?:/.test(page.url()) && !/\/api\/|\.(svg|png|json)$/.test(page.url());
}

/** Checks the app pages a test leaves open, when the test itself passed. */
async function auditWhereLeft(pages: Iterable<Page>, testInfo: TestInfo): Promise<void> {
  if (testInfo.status !== testInfo.expectedStatus) return;
  for (const page of pages) {
    if (isAppPage(page)) await expectAccessible(page, `where "${testInfo.title}" ends: ${page.url()}`);
  }
}

/**
 * The browser tests' `test`: every page a test opens (its `page`, or one from `newPage` in a
 * browser context of its own) is checked by `expectAccessible` where the test leaves it.
 */
export const test = base.extend<{ newPage: () => Promise<Page>; accessibilityAudit: void }>({
  newPage: async ({ browser }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      return context.newPage();
    });
    await auditWhereLeft(contexts.flatMap((context) => context.pages()), testInfo);
    await Promise.all(contexts.map((context) => context.close()));
  },
  accessibilityAudit: [
    async ({ context }, use, testInfo) => {
      await use();
      await auditWhereLeft(context.pages(), testInfo);
    },
    { auto: true },
  ],
});
export { expect };
