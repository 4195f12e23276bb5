import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// The build the web server runs (playwright.config.ts builds it before starting).
const assetsDir = join(import.meta.dirname, '..', 'apps', 'web', 'dist', 'assets');

test('every hashed asset goes out as the brotli copy the build made, kept for a year', async ({ request }) => {
  const assets = readdirSync(assetsDir).filter((name) => /\.(js|css)$/.test(name));
  expect(assets.length).toBeGreaterThan(10);
  for (const name of assets) {
    const answer = await request.get(`/assets/${name}`, { headers: { 'accept-encoding': 'br, gzip, deflate' } });
    expect(answer.status(), name).toBe(200);
    expect(answer.headers()['content-encoding'], name).toBe('br');
    expect(answer.headers()['vary'], name).toContain('accept-encoding');
    expect(answer.headers()['cache-control'], name).toContain('immutable');
  }
});

test('the landing page shows the merchant’s brand, banner and sign-in form without asking /api/site', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  let siteCalls = 0;
  await page.route('**/api/site', (route) => {
    siteCalls += 1;
    return route.abort();
  });
  await page.goto('/');
  await expect(page.getByTestId('brand-name')).toHaveText('Kopi Senja');
  await expect(page.locator('.landing__banner')).toBeVisible();
  await expect(page.locator('.landing__banner')).toHaveJSProperty('complete', true);
  expect(await page.locator('.landing__banner').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kopi Senja');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  // The merchant's colours come with the page, through the one inline style the policy lets run.
  const header = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-header').trim());
  expect(header).toMatch(/^#[0-9a-fA-F]{6}$/);
  await expect(page).toHaveTitle('Kopi Senja');
  expect(siteCalls).toBe(0);
  expect(refused).toEqual([]);
});
