import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRunning, expect, openPage, rani, readCode, signInOnNewDevice, test, uniquePhone, useEnglish } from './support.ts';

// The build the web server runs (playwright.config.ts builds it before starting).
const distDir = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const assetsDir = join(distDir, 'assets');

type ManifestChunk = { file: string; imports?: string[] };
/** The chunk files a source module loads: its own and those it imports, as the build's manifest names them. */
function chunkFilesOf(source: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  visit(source);
  return files;
}

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
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(75, 46, 30)');
  expect(siteCalls).toBe(0);
  expect(refused).toEqual([]);
});

test('the landing page fetches the sign-in checks only once it has loaded, and they work when the member types', async ({ page }) => {
  const landing = chunkFilesOf('src/app/landing-route.tsx');
  const deferred = [...chunkFilesOf('src/features/auth/components/sign-in-request.ts')].filter((file) => !landing.has(file));
  // The checks bring the validation schemas and the phone metadata.
  expect(deferred.length).toBeGreaterThan(2);
  await openPage(page);
  const timings = () =>
    page.evaluate(() => ({
      loadedAt: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      fetched: performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, startedAt: entry.startTime })),
    }));
  // Once the page is idle they arrive by themselves; none of them was part of the first load.
  await expect.poll(async () => (await timings()).fetched.filter((entry) => deferred.includes(entry.path)).length).toBe(deferred.length);
  const { loadedAt, fetched } = await timings();
  expect(loadedAt).toBeGreaterThan(0);
  for (const entry of fetched.filter((item) => deferred.includes(item.path))) expect(entry.startedAt, entry.path).toBeGreaterThanOrEqual(loadedAt);

  await page.getByRole('textbox', { name: 'Phone number' }).fill('12345');
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription('Invalid phone number, please try again');
  await expect(page).toHaveURL(/\/$/);
});

test('the landing page is drawn by the server: it shows in full before any script runs, then the app takes it over cleanly', async ({ browser, baseURL }) => {
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const still = await withoutScripts.newPage();
  await still.goto('/');
  await expect(still.getByTestId('brand-name')).toHaveText('Kopi Senja');
  await expect(still.getByRole('heading', { level: 1 })).toHaveText('Welcome to Kopi Senja');
  await expect(still.locator('.landing__banner')).toBeVisible();
  await expect(still.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  // The merchant's orange, in the shade that carries white text at AA (brandingVariables).
  await expect(still.getByRole('button', { name: 'Continue' })).toHaveCSS('background-color', 'rgb(194, 85, 1)');
  await withoutScripts.close();

  const page = await browser.newPage({ baseURL });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await openPage(page);
  // Hydrated: the language switcher answers, which only the app can do.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('id');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Selamat datang di Kopi Senja');
  // The choice travels with the browser: the server draws the next first page in it.
  const drawn = await (await page.request.get('/')).text();
  expect(drawn).toContain('<html lang="id">');
  expect(drawn).toContain('Selamat datang di Kopi Senja');
  await page.reload();
  await appRunning(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Selamat datang di Kopi Senja');
  expect(problems).toEqual([]);
  await page.close();
});

test('a member’s wallet is drawn by the server from its first calls’ answers, and the app takes it over without calling the API', async ({ page, request }) => {
  await signInOnNewDevice(page, request, rani.phone);
  // The wallet the sign-in opened has made its own calls; what follows is a fresh load of it.
  await expect(page.getByText('Kopi Senja Rewards')).toBeVisible();
  // As sent, before any script: the member's cards in their colours.
  const sent = await (await page.request.get('/cards')).text();
  expect(sent).toContain('data-rendered-for-member');
  expect(sent).toContain('Hi, Rani Saputra');
  expect(sent).toContain('Kopi Senja Rewards');
  const calls: string[] = [];
  page.on('request', (sent) => {
    const { pathname, search } = new URL(sent.url());
    if (pathname.startsWith('/api/')) calls.push(pathname + search);
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Hydrated, not drawn again: nothing the server put in #root is ever taken out.
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      if (records.some((record) => record.removedNodes.length > 0 && (record.target as Element).id === 'root')) document.documentElement.dataset.rootRedrawn = '';
    }).observe(document, { childList: true, subtree: true });
  });
  await openPage(page, '/cards');
  await expect(page.locator('html[data-root-redrawn]')).toHaveCount(0);
  const tile = page.locator('.card-tile', { hasText: 'Kopi Senja Rewards' });
  // The card face is a gradient that starts from the merchant's header colour.
  await expect(tile).toHaveCSS('background-image', /^linear-gradient\(135deg, rgb\(75, 46, 30\)/);
  await expect(page.getByText('Kopi Stamps')).toBeVisible();
  await expect(page.getByText('Hi, Rani Saputra')).toBeVisible();
  expect(calls).toEqual([]);
  // Taken over: the view tabs answer, which only the app can do.
  await page.getByRole('tab', { name: 'Hidden' }).click();
  await expect(page).toHaveURL(/view=hidden/);
  await expect(page.getByRole('tab', { name: 'Hidden' })).toHaveAttribute('aria-selected', 'true');
  expect(calls).toEqual(['/api/v2/cards?page=1&view=hidden']);
  expect(problems).toEqual([]);
});

test.describe('a member who types at once', () => {
  // The check of each page waits for the app to run it, which is just what this test must not do.
  test.use({ checkPages: false });

  test('keeps what they typed and ticked before the app took the landing page over, on a phone four times slower', async ({ page, request }) => {
    await useEnglish(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The app's code comes a second late, as on a slow network: the member types into the drawn page.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const phone = uniquePhone();
    await page.goto('/', { waitUntil: 'commit' });
    const field = page.getByRole('textbox', { name: 'Phone number' });
    await field.pressSequentially(phone);
    await page.getByLabel(/I agree/).check();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);

    await appRunning(page);
    await expect(field).toHaveValue(phone);
    await expect(page.getByLabel(/I agree/)).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readCode(request, phone)).toMatch(/^\d{6}$/);
  });
});

