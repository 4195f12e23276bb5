import { vi } from 'vitest';
import type { PushPayload } from '@kartu/contracts';

// A browser with Web Push for jsdom, which has none: the permission, the service worker and its push manager.

/** A P-256 public key the server could answer, and the subscription a browser would make with it. */
export const serverPublicKey = 'BBgpdeiIhHirVRfv9bqssgTVNgdMwveq0xqx0ywSow7tU8orCj7miuyvSsUusixkw42m9p7qnbLyAUMYDgrbiwg';
export const browserSubscription = {
  endpoint: 'https://push.example.test/send/browser-1',
  expirationTime: null,
  keys: { p256dh: 'BHJ5Lwos8D7Bdvu81sfBRFRbtpvMIRsu4mgNLQ-QpSLdeWcz_y4jMObBGoZxvcnFFMDED15qbpmwwCBPyxRxXjU', auth: 'UYryuC-Mh-Yi3Zl5trACbg' },
};

export interface FakeBrowserPush {
  permission: NotificationPermission;
  /** What the browser's own prompt answers. */
  answer: NotificationPermission;
  subscription: PushSubscription | null;
  subscribe: ReturnType<typeof vi.fn>;
  register: ReturnType<typeof vi.fn>;
  /** A message of the service worker to the page. */
  tell(data: unknown): void;
  uninstall(): void;
}

function fakeSubscription(key: BufferSource | string | null | undefined, browser: FakeBrowserPush): PushSubscription {
  const applicationServerKey = key instanceof Uint8Array ? new Uint8Array(key).buffer : null;
  return {
    endpoint: browserSubscription.endpoint,
    expirationTime: null,
    options: { applicationServerKey, userVisibleOnly: true },
    toJSON: () => browserSubscription,
    unsubscribe: vi.fn(async () => {
      browser.subscription = null;
      return true;
    }),
    getKey: () => null,
  } as unknown as PushSubscription;
}

/** Installs Web Push on the test's window, with the permission given. */
export function installBrowserPush(permission: NotificationPermission = 'default'): FakeBrowserPush {
  const container = new EventTarget();
  const browser: FakeBrowserPush = {
    permission,
    answer: 'granted',
    subscription: null,
    subscribe: vi.fn(),
    register: vi.fn(),
    tell: (data) => container.dispatchEvent(new MessageEvent('message', { data })),
    uninstall: () => {
      for (const name of ['serviceWorker', 'permissions'] as const) Reflect.deleteProperty(navigator, name);
      Reflect.deleteProperty(window, 'isSecureContext');
      vi.unstubAllGlobals();
    },
  };
  browser.subscribe.mockImplementation(async ({ applicationServerKey }: PushSubscriptionOptionsInit) => {
    browser.subscription = fakeSubscription(applicationServerKey, browser);
    return browser.subscription;
  });
  const registration = { pushManager: { getSubscription: async () => browser.subscription, subscribe: browser.subscribe } };
  browser.register.mockResolvedValue(registration);
  Object.assign(container, { register: browser.register, ready: Promise.resolve(registration), getRegistration: async () => registration, startMessages: () => undefined });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  Object.defineProperty(navigator, 'permissions', { value: { query: async () => new EventTarget() }, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  vi.stubGlobal('PushManager', class {});
  const notification = class {};
  Object.defineProperties(notification, {
    permission: { get: () => browser.permission },
    requestPermission: {
      value: async () => {
        browser.permission = browser.answer;
        return browser.answer;
      },
    },
  });
  vi.stubGlobal('Notification', notification);
  return browser;
}

/** A push as the server sends it, for a level reached on a card. */
export function levelUpPush(cardId: string, extras: Partial<PushPayload['extras']> = {}): PushPayload {
  return {
    title: 'You reached Gold',
    body: 'Your Kopi Senja Rewards card is now Gold. See what this level brings.',
    icon: null,
    extras: { queryString: { routeName: 'cards-cardId', cardId }, kind: 'LevelUpModalMessage', messageId: `message-${cardId}`, link: `/cards/${cardId}`, ...extras },
  };
}
