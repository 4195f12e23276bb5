import type { PushSubscriptionBody } from '@kartu/contracts';

/*
 * The browser's side of Web Push: the service worker at /sw.js (app-core §7), the notification
 * permission (app-core §4) and the push subscription. Service worker failures are only logged
 * (app-core §8 silent fallbacks).
 */

export const serviceWorkerUrl = '/sw.js';

/** Whether this browser can receive pushes at all (a secure page with service workers, push and notifications). */
export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** granted, denied or default (app-core §4 Notification permission); null where notifications do not exist. */
export function notificationPermission(): NotificationPermission | null {
  return isPushSupported() ? Notification.permission : null;
}

// Registering again makes the browser check the worker for an update: once a page is enough.
const registrations = new WeakMap<ServiceWorkerContainer, Promise<ServiceWorkerRegistration | null>>();

/** Registers the service worker once per page; null where it cannot be, with the reason logged. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!isPushSupported()) return Promise.resolve(null);
  const container = navigator.serviceWorker;
  let registering = registrations.get(container);
  if (!registering) {
    registering = container.register(serviceWorkerUrl, { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
      registrations.delete(container);
      return null;
    });
    registrations.set(container, registering);
  }
  return registering;
}

async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!(await registerServiceWorker())) return null;
  return navigator.serviceWorker.ready;
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null | undefined, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, index) => byte === expected[index]);
}

/** The subscription as the server takes it (PushSubscription.toJSON()). */
function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await activeRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Subscribes this browser with the server's key. A subscription made with another key (the server's
 * key changed) is dropped first: pushes signed with the new key would not reach it.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionBody | null> {
  const registration = await activeRegistration();
  if (!registration) return null;
  const applicationServerKey = bytesOf(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey)) return bodyOf(existing);
  await existing?.unsubscribe();
  // Chromium and Firefox show every push (the service worker always does), as userVisibleOnly promises.
  return bodyOf(await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
}

/** Drops this browser's subscription; answers its endpoint, or null when it had none. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const registration = isPushSupported() ? await navigator.serviceWorker.getRegistration(serviceWorkerUrl) : undefined;
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
