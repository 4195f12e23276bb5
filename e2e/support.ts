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

/** This browser has been through the card page's tour (the app's `kartu.card-tour`). */
async function markCardTourSeen(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('kartu.card-tour', 'true'));
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
/** From the wallet, adds the card of this number (one nobody owns, with no activation code) and answers its page's path. */
export async function addCardByNumber(page: Page, cardNumber: string): Promise<string> {
  await page.getByRole('link', { name: 'Add card' }).first().click();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByRole('button', { name: 'Find card' }).click();
  await page.getByRole('button', { name: 'Add to my wallet' }).click();
  await expect(page).toHaveURL(/\/cards\/[a-z0-9]{24}$/, { timeout: 15_000 });
  return new URL(page.url()).pathname;
}

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
 * with a code first; ends in the wallet, or where a link opened before signing in waits (`landsOn`).
 * A stale device (a server started afresh) takes the code.
 */
export async function signInAsMember(page: Page, request: APIRequestContext, phone: string, { landsOn = /\/cards$/ }: { landsOn?: RegExp } = {}): Promise<void> {
  const deviceId = knownDevices()[phone];
  if (deviceId) await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [deviceIdKey, deviceId] as const);
  await submitPhone(page, phone);
  await expect(page).toHaveURL(/\/(login|passcode)/);
  if (new URL(page.url()).pathname === '/login') {
    await typeDigits(page, 'Verification code', await readCode(request, phone));
    await expect(page).toHaveURL(/\/passcode/);
  }
  await typeDigits(page, 'Enter your PIN', demoPin);
  await expect(page).toHaveURL(landsOn);
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
  // starts a frame or two later (a page's entrance begins when the page it replaces has gone), and
  // motion of content drawn meanwhile. At rest means: no motion running and nothing redrawn for a
  // few frames in a row.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    let changed = false;
    const observer = new MutationObserver(() => {
      changed = true;
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    try {
      let quiet = 0;
      for (let round = 0; round < 60 && quiet < 3; round += 1) {
        changed = false;
        await frame();
        const moving = document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity && animation.playState === 'running');
        if (moving.length > 0) await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
        quiet = moving.length === 0 && !changed ? quiet + 1 : 0;
      }
    } finally {
      observer.disconnect();
    }
  });
  expect(await accessibilityViolations(page), what).toEqual([]);
}

/** A page worth checking: one of the app's own (not an API answer, a file or the server's outbox page). */
function isAppPage(page: Page): boolean {
  return !page.isClosed() && /^https?:/.test(page.url()) && !/\/api\/|\/dev\/outbox|\.(svg|png|webp|json)$/.test(page.url());
}

/*
 * Accessibility on every page a browser test visits. A script in every document marks <html> when
 * the app shows a new page (a load, or the router moving to another address) and when a dialog, a
 * sheet or a menu opens. Playwright looks for the mark before each action and each waiting assertion
 * of the test (a locator handler) and, when it is there, takes it off and checks the page as it
 * stands with expectAccessible: the test goes on once the page passed. Each page is checked once a
 * run in each state worth telling apart (its address with ids left out, its language, the dialog
 * open on it); a page that answers "not found" is counted as the 404 page, not as the page asked for.
 */
const auditMark = 'data-audit-due';
const checkedPages = new Set<string>();

function markAuditsDue(mark: string): void {
  const due = () => document.documentElement?.setAttribute(mark, '');
  let address = location.pathname + location.search;
  const moved = () => {
    const now = location.pathname + location.search;
    if (now === address) return;
    address = now;
    due();
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      moved();
    };
  }
  addEventListener('popstate', moved);
  const overlay = 'dialog[open], [role="dialog"], [role="alertdialog"], [role="menu"]';
  const opens = (node: Node) => node instanceof Element && (node.matches(overlay) || node.querySelector(overlay) !== null);
  new MutationObserver((records) => {
    const opened = records.some((record) =>
      record.type === 'attributes' ? (record.target as Element).hasAttribute('open') : [...record.addedNodes].some(opens),
    );
    if (opened) due();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  document.addEventListener('DOMContentLoaded', due);
}

/** What a checked page is, for counting it once: its address with ids left out, its language, its open dialog. */
async function pageKeyOf(page: Page): Promise<string> {
  const state = await page.evaluate(() => {
    const dialogs = [...document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"], [role="menu"]')];
    const top = dialogs[dialogs.length - 1];
    const labelledBy = top?.getAttribute('aria-labelledby');
    const name = top ? (top.getAttribute('aria-label') ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ?? top.tagName) : null;
    return { language: document.documentElement.lang, notFound: document.querySelector('[data-status-page="not-found"]') !== null, dialog: name?.trim() ?? null };
  });
  const url = new URL(page.url());
  const id = /^([a-z0-9]{24}|[0-9a-f]{8}-[0-9a-f-]{27}|\d{6,}|[A-Za-z0-9_-]{32,})$/;
  const withoutIds = (text: string) =>
    text
      .split('/')
      .map((segment) => (id.test(segment) ? ':id' : segment))
      .join('/');
  const path = withoutIds(url.pathname);
  const query = [...url.searchParams].map(([key, value]) => `${key}=${withoutIds(value)}`).join('&');
  const where = state.notFound ? ' the 404 page' : `${path}${query ? `?${query}` : ''}`;
  return `${url.host}${where} (${state.language})${state.dialog ? ` with "${state.dialog}" open` : ''}`;
}

/** Checks the page as it stands, unless a page of the same kind was checked already in this run. */
async function checkOnce(page: Page, why: string): Promise<void> {
  if (!isAppPage(page)) return;
  if (await page.locator('#root').count()) await appRunning(page);
  const key = await pageKeyOf(page);
  if (checkedPages.has(key)) return;
  await expectAccessible(page, `${key}, ${why}`);
  checkedPages.add(key);
}

/** Checks each page the test shows on `page`, as the test moves through it. */
async function checkEveryPage(page: Page): Promise<void> {
  await page.addInitScript(markAuditsDue, auditMark);
  await page.addLocatorHandler(
    page.locator(`html[${auditMark}]`),
    async () => {
      try {
        // Off first: a mark set while the check runs (the page moving on) is kept for the next one.
        await page.evaluate((mark) => document.documentElement.removeAttribute(mark), auditMark);
        await checkOnce(page, 'on the way');
      } catch (error) {
        // A document that went away under the check (a full load the test started): its
        // successor carries a mark of its own and is checked at the next step.
        if (!/Execution context was destroyed|navigat/i.test(String(error))) throw error;
      }
    },
    { noWaitAfter: true },
  );
}

/** Checks the app pages a test leaves open, when the test itself passed. */
async function auditWhereLeft(pages: Iterable<Page>, testInfo: TestInfo): Promise<void> {
  if (testInfo.status !== testInfo.expectedStatus) return;
  for (const page of pages) {
    if (isAppPage(page)) await expectAccessible(page, `where "${testInfo.title}" ends: ${page.url()}`);
  }
}

/**
 * The browser tests' `test`: every page a test opens (its `page`, or one from `newPage` in a browser
 * context of its own) is checked by axe-core at every page and dialog it shows on the way
 * (checkEveryPage) and where the test leaves it. `checkPages: false` leaves a test's pages alone.
 */
export const test = base.extend<{ newPage: () => Promise<Page>; checkPages: boolean; cardTourSeen: boolean; accessibilityAudit: void }, { checkedPagesReport: void }>({
  checkPages: [true, { option: true }],
  // The card page's first-visit tour would stand over every test's first card page: it has a test of its own.
  cardTourSeen: [true, { option: true }],
  page: async ({ page, checkPages, cardTourSeen }, use) => {
    if (cardTourSeen) await markCardTourSeen(page);
    if (checkPages) await checkEveryPage(page);
    await use(page);
  },
  newPage: async ({ browser, checkPages, cardTourSeen }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      if (cardTourSeen) await markCardTourSeen(page);
      if (checkPages) await checkEveryPage(page);
      return page;
    });
    if (checkPages) await auditWhereLeft(contexts.flatMap((context) => context.pages()), testInfo);
    await Promise.all(contexts.map((context) => context.close()));
  },
  accessibilityAudit: [
    async ({ context, checkPages }, use, testInfo) => {
      await use();
      if (checkPages) await auditWhereLeft(context.pages(), testInfo);
    },
    { auto: true },
  ],
  checkedPagesReport: [
    async ({ browser }, use) => {
      await use();
      const pages = [...checkedPages].sort();
      if (pages.length === 0) return;
      console.log(`axe-core checked ${pages.length} pages and dialogs on the way in Chromium ${browser.version()}, with no WCAG 2.x A/AA violation:\n  ${pages.join('\n  ')}`);
    },
    { scope: 'worker', auto: true },
  ],
});
export { expect };
