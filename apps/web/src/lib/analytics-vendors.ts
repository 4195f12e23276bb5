import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { storageKeys } from '../config/storage-keys.ts';
import { createLocalStore } from './local-store.ts';

/*
 * The merchant's tag manager and social pixel (app-core §3 Analytics config gaId, fbPixelId; §7
 * third-party loads and tracked events): loaded only when the merchant has set them and the member
 * has agreed, never on the sign-in pages (docs/decisions/039-analytics-vendors.md). The member's
 * answer is a vendor setting: signing out wipes it (§4 Logout), so the next member is asked again.
 */

export type AnalyticsConsent = 'granted' | 'denied';
export interface AnalyticsIds {
  gaId: string | null;
  fbPixelId: string | null;
}

const settings = createLocalStore<{ analyticsConsent?: AnalyticsConsent }>({
  key: storageKeys.vendorSettings,
  schema: z.object({ analyticsConsent: z.enum(['granted', 'denied']).optional() }),
  empty: {},
  isEmpty: (value) => value.analyticsConsent === undefined,
});

export function analyticsConsent(): AnalyticsConsent | null {
  return settings.read().analyticsConsent ?? null;
}

export function setAnalyticsConsent(consent: AnalyticsConsent): void {
  settings.write({ ...settings.read(), analyticsConsent: consent });
}

export function useAnalyticsConsent(): AnalyticsConsent | null {
  return useSyncExternalStore(settings.subscribe, analyticsConsent, () => null);
}

type Queue = (...args: unknown[]) => void;
interface VendorWindow {
  dataLayer?: unknown[];
  gtag?: Queue;
  fbq?: Queue & { queue?: unknown[][]; loaded?: boolean; version?: string; callMethod?: Queue };
}
const vendorWindow = () => window as unknown as VendorWindow;

function addScript(src: string): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

let loaded: AnalyticsIds | null = null;

/** Loads the merchant's vendors once; their queues take events at once and send them when loaded. */
export function loadAnalyticsVendors(ids: AnalyticsIds): void {
  if (loaded || (!ids.gaId && !ids.fbPixelId)) return;
  loaded = ids;
  const target = vendorWindow();
  if (ids.gaId) {
    target.dataLayer = target.dataLayer ?? [];
    // The tag reads only Arguments objects from its data layer (an array is taken for another kind
    // of entry), so gtag must hand on `arguments` itself: rest parameters would break it.
    target.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- the vendor's data layer needs the Arguments object
      target.dataLayer?.push(arguments);
    };
    target.gtag('js', new Date());
    target.gtag('config', ids.gaId);
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.gaId)}`);
  }
  if (ids.fbPixelId) {
    const queue: unknown[][] = [];
    const fbq = Object.assign((...args: unknown[]) => void queue.push(args), { queue, loaded: true, version: '2.0' });
    target.fbq = fbq;
    fbq('init', ids.fbPixelId);
    fbq('track', 'PageView');
    addScript('https://connect.facebook.net/en_US/fbevents.js');
  }
}

/** An event of the app (login, logout, view_card_detail, add_to_cart…) for the vendors the member agreed to; nothing otherwise. */
export function trackVendorEvent(name: string, properties: Record<string, string | number | boolean | null> = {}): void {
  if (!loaded || analyticsConsent() !== 'granted') return;
  const target = vendorWindow();
  target.gtag?.('event', name, properties);
  target.fbq?.('trackCustom', name, properties);
}

/** Forgets what was loaded (tests). */
export function resetAnalyticsVendors(): void {
  loaded = null;
}
