import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { expect, port, rani, signInAsMember, test, useEnglish } from './support.ts';

/*
 * Web Push in the browser: the prompt, the service worker at /sw.js, a push delivered to it through
 * the DevTools protocol as a push service would, the notification it shows, and the modals the app
 * opens from a push. Chromium here cannot subscribe to a real push service, so PushManager.subscribe
 * answers a subscription made up by the test (with a real P-256 key, which the server checks).
 */

test.use({ viewport: { width: 390, height: 844 } });

const origin = `http://localhost:${port}`;
// Rani's Kopi Senja Rewards card (README 'Try it').
const ranisCard = 'demo00006001010000000013';

/** What the browser's push manager answers in this test: one subscription, kept until it is dropped. */
async function fakePushManager(page: Page, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<void> {
  await page.addInitScript((made) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const applicationServerKey = key instanceof Uint8Array ? new Uint8Array(key).buffer : null;
      current = {
        endpoint: made.endpoint,
        expirationTime: null,
        options: { applicationServerKey, userVisibleOnly: true },
        toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
        getKey: () => null,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, subscription);
}

/** The id DevTools knows the app's service worker registration by, once its worker is active. */
async function registrationIdOf(cdp: CDPSession): Promise<string> {
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((found) => found.scopeURL === `${origin}/` && !found.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  const activated = new Set<string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) if (version.status === 'activated') activated.add(version.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  await expect.poll(() => activated.has(registrationId)).toBe(true);
  return registrationId;
}

/**
 * Delivers a push as the push service would, until the worker has shown it: DevTools now and then
 * drops a push sent to a worker it is still waking.
 */
async function deliverPush(page: Page, cdp: CDPSession, registrationId: string, payload: { extras: { messageId: string } }): Promise<void> {
  await expect(async () => {
    if ((await notificationsShown(page)).some((shown) => shown.tag === payload.extras.messageId)) return;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    await expect.poll(async () => (await notificationsShown(page)).map((shown) => shown.tag), { timeout: 3_000 }).toContain(payload.extras.messageId);
  }).toPass({ timeout: 15_000 });
}

/** The app's service worker, as Playwright reaches into it. */
async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
  const running = context.serviceWorkers().find((worker) => worker.url() === `${origin}/sw.js`);
  return running ?? context.waitForEvent('serviceworker', { predicate: (worker) => worker.url() === `${origin}/sw.js` });
}

async function notificationsShown(page: Page) {
  return page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({ title: shown.title, body: shown.body, tag: shown.tag })));
}

const levelUp = (messageId: string) => ({
  title: 'You reached Gold',
  body: 'Your Kopi Senja Rewards card is now Gold. See what this level brings.',
  icon: '/brand/kopi-senja.svg',
  extras: { queryString: { routeName: 'cards-cardId', cardId: ranisCard }, kind: 'LevelUpModalMessage', messageId, link: `/cards/${ranisCard}` },
});

test('a member turns push on, and a push shows as a notification and opens its modal in the app', async ({ page, context, request }) => {
  const browserKey = createECDH('prime256v1');
  browserKey.generateKeys();
  const subscription = { endpoint: `https://push.example.test/send/${randomBytes(8).toString('hex')}`, keys: { p256dh: browserKey.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') } };
  await fakePushManager(page, subscription);
  await useEnglish(page);
  // A device past the card page's first-visit tour, whose dialog would stand over the push's.
  await page.addInitScript(() => localStorage.setItem('kartu.card-tour', 'true'));
  await signInAsMember(page, request, rani.phone);

  // Undecided, the member is asked in the app's own words first; "Not now" puts it off.
  const prompt = page.getByRole('region', { name: 'Get notified on this device' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(prompt).toBeHidden();

  // The service worker is the app's own, at /sw.js.
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptUrl).toBe(`${origin}/sw.js`);

  // Granted, the browser subscribes with the server's key and registers with the server.
  const registered = page.waitForRequest((sent) => sent.url().endsWith('/api/push/subscriptions') && sent.method() === 'POST');
  await context.grantPermissions(['notifications'], { origin });
  await page.goto(`/cards/${ranisCard}`);
  expect((await registered).postDataJSON()).toEqual({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys });
  await expect(prompt).toBeHidden();

  // A level-up pushed while the card's page is open: the notification shows, the card reloads and its modal opens.
  const cdp = await context.newCDPSession(page);
  const registrationId = await registrationIdOf(cdp);
  const cardReloaded = page.waitForRequest((sent) => new URL(sent.url()).pathname === `/api/v2/cards/${ranisCard}` && sent.method() === 'GET');
  await deliverPush(page, cdp, registrationId, levelUp('level-gold-1'));
  expect(await notificationsShown(page)).toContainEqual({ title: 'You reached Gold', body: levelUp('').body, tag: 'level-gold-1' });
  const modal = page.getByRole('dialog', { name: 'You reached Gold' });
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAccessibleDescription(levelUp('').body);
  await cardReloaded;
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // A plain message clicked in the notification area: the open app goes to its page.
  const worker = await serviceWorkerOf(context);
  const promo = { title: 'Weekend promo', body: 'Double points on every Kopi Susu.', icon: null, extras: { queryString: { routeName: 'notifications' }, kind: null, messageId: 'promo-1', link: '/notifications' } };
  await deliverPush(page, cdp, registrationId, promo);
  // What the worker does on notificationclick, run in it: DevTools cannot click a notification.
  await worker.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; openFromPush(payload: unknown): Promise<void> };
    const [clicked] = await scope.registration.getNotifications({ tag: 'promo-1' });
    clicked?.close();
    await scope.openFromPush(clicked?.data);
  });
  await expect(page).toHaveURL(/\/notifications$/);

  // A level-up clicked with no window open: the worker opens the app on its page, which opens the modal.
  const opened = await worker.evaluate((payload) => (self as unknown as { openedQuery(payload: unknown): string }).openedQuery(payload), levelUp('level-gold-2'));
  await page.goto(`/cards/${ranisCard}?push=${encodeURIComponent(opened)}`);
  await expect(page.getByRole('dialog', { name: 'You reached Gold' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/cards/${ranisCard}$`));
  await page.getByRole('dialog').getByRole('button', { name: 'See my card' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/cards/${ranisCard}$`));
});
