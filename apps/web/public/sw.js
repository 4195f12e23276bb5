/* global self, clients */
/*
 * The app's service worker (app-core §7: registered at /sw.js), for Web Push only: it shows the
 * pushes the server sends (app-core §3 push payload) and opens the app from them. It handles no
 * fetch, so the app loads from the network as it would without it.
 *
 * The app opens the modal of a push's kind (app-core §2 global modals): told by a message when a
 * window of the app is open, else by the `push` query of the page it opens (features/push).
 */

const pushQuery = 'push';

/** The payload as the server writes it; a push that is not one still shows, as plain text. */
function payloadOf(event) {
  if (!event.data) return null;
  try {
    const payload = event.data.json();
    return payload && typeof payload.title === 'string' && payload.extras && typeof payload.extras === 'object' ? payload : null;
  } catch {
    return null;
  }
}

async function windowsOfTheApp() {
  return clients.matchAll({ type: 'window', includeUncontrolled: true });
}

async function showPush(event) {
  const payload = payloadOf(event);
  const title = payload ? payload.title : self.location.host;
  await self.registration.showNotification(title, {
    body: payload ? payload.body : event.data ? event.data.text() : '',
    ...(payload && payload.icon ? { icon: payload.icon } : {}),
    // One notification per message, however often it is pushed.
    ...(payload && payload.extras.messageId ? { tag: payload.extras.messageId } : {}),
    data: payload,
  });
  // An open app hears of it at once: its badge and its cards reload, and a reward's modal opens.
  if (payload) for (const client of await windowsOfTheApp()) client.postMessage({ type: 'kartu:push-received', payload });
}

/** What the page opened from a push is told in its query: only what its modal needs, the rest it asks the server. */
function openedQuery(payload) {
  const { extras } = payload;
  const told = { kind: extras.kind, messageId: extras.messageId, link: extras.link, queryString: extras.queryString, StoreRating: extras.StoreRating };
  if (extras.kind) Object.assign(told, { title: payload.title, body: payload.body });
  return JSON.stringify(told);
}

async function openFromPush(payload) {
  const open = (await windowsOfTheApp())[0];
  if (open) {
    // The window follows the push itself (its page, its modal): a message reaches it without a reload.
    await open.focus().catch(() => undefined);
    if (payload) open.postMessage({ type: 'kartu:push-opened', payload });
    return;
  }
  const url = new URL(payload && payload.extras.link ? payload.extras.link : '/cards', self.location.origin);
  if (payload) url.searchParams.set(pushQuery, openedQuery(payload));
  await clients.openWindow(url.href);
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => event.waitUntil(showPush(event)));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromPush(event.notification.data));
});
