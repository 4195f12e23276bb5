import { registerPushSubscription } from './api/register-push-subscription.ts';
import { unregisterPushSubscription } from './api/unregister-push-subscription.ts';
import { isPushSupported, subscribeBrowser, unsubscribeBrowser } from './browser-push.ts';
import { pushPreferences, setTurnedOff } from './push-preferences.ts';

/*
 * Push on this browser, turned on and off: the browser's permission and subscription and the
 * server's record of it go together (app-core §4 notification permission: granted registers).
 */

export type TurnOnResult = 'on' | 'blocked' | 'dismissed' | 'unsupported';

/** Asks the browser's permission when it was never given, subscribes and registers this browser. */
export async function turnOnPush(publicKey: string): Promise<TurnOnResult> {
  if (!isPushSupported()) return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const subscription = await subscribeBrowser(publicKey);
  if (!subscription) return 'unsupported';
  await registerPushSubscription(subscription);
  setTurnedOff(false);
  return 'on';
}

/** This browser stops receiving pushes, and the app no longer subscribes it by itself. */
export async function turnOffPush(): Promise<void> {
  setTurnedOff(true);
  const endpoint = await unsubscribeBrowser();
  // A browser the server no longer knows (PUSH_SUBSCRIPTION_NOT_FOUND) is off already.
  if (endpoint) await unregisterPushSubscription(endpoint).catch(() => undefined);
}

/**
 * With the permission granted, keeps this browser subscribed with the server's current key and
 * registered to the member signed in now (another member may have used it before), unless push
 * was turned off here.
 */
export async function keepPushRegistered(publicKey: string): Promise<void> {
  if (!isPushSupported() || Notification.permission !== 'granted' || pushPreferences.read().turnedOff) return;
  const subscription = await subscribeBrowser(publicKey);
  if (subscription) await registerPushSubscription(subscription);
}
