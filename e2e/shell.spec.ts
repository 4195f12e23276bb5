import type { Page } from '@playwright/test';
import { expect, openPage, test } from './support.ts';

const port = Number(process.env.E2E_PORT ?? 4173);

/** Records every URL the single-page app moves through, including client-side redirects. */
async function recordNavigations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __navigations: string[] }).__navigations = seen;
    const record = () => seen.push(location.pathname + location.search);
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        record();
      };
    }
    record();
  });
  return () => page.evaluate(() => (window as unknown as { __navigations: string[] }).__navigations);
}

test('the landing page shows the demo merchant brand', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('brand-name')).toHaveText('Kopi Senja');
  await expect(page.getByRole('img', { name: 'Kopi Senja' })).toBeVisible();
  await expect(page).toHaveTitle(/Kopi Senja/);
});

test('switching the language changes the text and the document language', async ({ page }) => {
  await openPage(page);
  const heading = page.getByRole('heading', { level: 1 });
  const english = await heading.innerText();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByLabel('Language').selectOption('id');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(heading).not.toHaveText(english);
  const indonesian = await heading.innerText();

  await page.getByLabel('Bahasa').selectOption('my');
  // Malay is stored as 'my' but announced to the browser as 'ms'.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await expect(heading).not.toHaveText(indonesian);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  expect(await page.evaluate(() => localStorage.getItem('i18n-lang'))).toBe('my');
});

test('an unknown path shows the 404 page with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oh No!' })).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page.getByTestId('brand-name')).toBeVisible();
});

test('every status page a member may be sent to is a page of its own, with its heading', async ({ page }) => {
  const statusPages = ['/maintenance', '/sorry', '/feature-locked?feature=shop', '/device-locked', '/lock', '/lock-24h', '/retry', '/qr-locked', '/sso-invalid'];
  for (const path of statusPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).not.toHaveText('');
    await expect(page.locator('[data-status-page="not-found"]'), path).toHaveCount(0);
  }
});

test('an unknown API path answers JSON 404', async ({ request }) => {
  const answer = await request.get('/api/no-such-endpoint');
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
});

test('a v2 merchant sends a named route to its /v2 twin, keeping the query', async ({ page }) => {
  const navigations = await recordNavigations(page);
  await page.goto(`http://v2.localhost:${port}/cards?utm_source=mail`);
  await expect.poll(navigations).toContain('/v2/cards?utm_source=mail');
  // The v2 merchant uses e-mail sign-in and speaks Indonesian by default.
  await expect(page.getByTestId('brand-name')).toHaveText('Lumina Beauty');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
});
