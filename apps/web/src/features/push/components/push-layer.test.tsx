import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardKeys } from '../../../lib/card-keys.ts';
import { inboxKeys } from '../../../lib/inbox-keys.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { setSession } from '../../../lib/session.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { sessionUser } from '../../../test/session.test-support.ts';
import { testSite } from '../../../test/site.test-support.ts';
import { ASK_AGAIN_AFTER_MS } from '../push-preferences.ts';
import { browserSubscription, installBrowserPush, levelUpPush, serverPublicKey, type FakeBrowserPush } from '../push.test-support.ts';
import { PushLayer } from './push-layer.tsx';

const cardId = 'mj1zgovfnjnu5ep5rp3ix02k';
let browser: FakeBrowserPush;

function stubServer({ pushOn = true } = {}) {
  return stubApi({
    'GET /api/push/public-key': () => (pushOn ? okAnswer({ data: { publicKey: serverPublicKey } }) : errorAnswer('PUSH_UNAVAILABLE')),
    'POST /api/push/subscriptions': () => okAnswer({ data: { id: 'sub-1', createdAt: '2026-03-14T03:15:00.000Z' } }),
    'POST /api/push/route': () => okAnswer({ url: `/cards/${cardId}/transaction-detail/1722534f-d3d2-42a1-9c15-981c06ebe2c5` }),
  });
}

function renderLayer(at: string, site = testSite()) {
  return renderPage(<PushLayer />, { history: [at], path: '*', site });
}

const prompt = () => screen.queryByRole('region', { name: 'Get notified on this device' });

beforeEach(() => {
  setSession({ user: sessionUser() });
  browser = installBrowserPush('default');
});
afterEach(() => {
  browser.uninstall();
  queryClient.clear();
});

describe('the push prompt', () => {
  it('explains first, then asks the browser when the member agrees; granting subscribes and registers this browser', async () => {
    const api = stubServer();
    renderLayer('/cards');
    expect(await screen.findByRole('region', { name: 'Get notified on this device' })).toHaveTextContent('news from Kopi Senja');
    expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(browser.permission).toBe('default');

    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    await waitFor(() => expect(api.bodiesOf('/api/push/subscriptions')).toContainEqual(browserSubscription));
    const [{ applicationServerKey }] = browser.subscribe.mock.calls[0] as [PushSubscriptionOptionsInit];
    expect(Buffer.from(applicationServerKey as Uint8Array).toString('base64url')).toBe(serverPublicKey);
    expect(browser.permission).toBe('granted');
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
  });

  it('does not ask again for 30 days after "Not now"', async () => {
    stubServer();
    const view = renderLayer('/cards');
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(prompt()).not.toBeInTheDocument();
    expect(browser.permission).toBe('default');
    view.unmount();

    renderLayer('/cards');
    await layerSettled();
    expect(prompt()).not.toBeInTheDocument();
    cleanup();

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + ASK_AGAIN_AFTER_MS + 1_000);
      renderLayer('/cards');
      expect(await screen.findByRole('region', { name: 'Get notified on this device' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each<[string, () => void]>([
    ['in app view mode', () => renderLayer('/cards', testSite({ viewMode: 'app' }))],
    ['on a sign-in page', () => renderLayer('/passcode')],
    [
      'once the browser has said no',
      () => {
        browser.permission = 'denied';
        renderLayer('/cards');
      },
    ],
  ])('asks nobody %s', async (_what, render) => {
    stubServer();
    render();
    await layerSettled();
    expect(prompt()).not.toBeInTheDocument();
  });

  it('reads the server key only when the member turns push on, and stops asking where the site sends no pushes', async () => {
    const api = stubServer({ pushOn: false });
    renderLayer('/cards');
    expect(await screen.findByRole('region', { name: 'Get notified on this device' })).toBeInTheDocument();
    // The wallet's first load calls nothing for push.
    expect(api.to('GET', '/api/push/public-key')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
    expect(api.to('GET', '/api/push/public-key')).toHaveLength(1);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(browser.permission).toBe('default');
  });
});

/** Waits until the layer has started (its service worker registered) and rendered what follows. */
async function layerSettled() {
  await waitFor(() => expect(browser.register).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('a push, in the open app', () => {
  it('opens the level-up modal when one arrives, and reloads the card on its page', async () => {
    browser.permission = 'granted';
    stubServer();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderLayer(`/cards/${cardId}/levels`);
    await waitFor(() => expect(browser.register).toHaveBeenCalled());

    browser.tell({ type: 'kartu:push-received', payload: levelUpPush(cardId) });

    const dialog = await screen.findByRole('dialog', { name: 'You reached Gold' });
    expect(dialog).toHaveAccessibleDescription('Your Kopi Senja Rewards card is now Gold. See what this level brings.');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: cardKeys.detail(cardId) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.all });

    await userEvent.click(screen.getByRole('button', { name: 'See my card' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The same message told again (its notification clicked later) opens no second modal.
    browser.tell({ type: 'kartu:push-opened', payload: levelUpPush(cardId) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reloads the card list after a commission on the card list, and closes its modal with Close', async () => {
    browser.permission = 'granted';
    stubServer();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderLayer('/cards');
    const commission = levelUpPush(cardId, { kind: 'MGLCommissionModalMessage', messageId: 'commission-1' });
    browser.tell({ type: 'kartu:push-received', payload: { ...commission, title: '', body: '' } });

    expect(await screen.findByRole('dialog', { name: 'You earned a commission from your group' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check my rewards' })).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: cardKeys.lists() });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes the member to the page of a plain push they opened, and a store rating to its transaction', async () => {
    browser.permission = 'granted';
    const server = stubServer();
    renderLayer('/cards');
    browser.tell({ type: 'kartu:push-opened', payload: levelUpPush(cardId, { kind: null, link: '/notifications', messageId: 'plain-1' }) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/notifications$/));

    browser.tell({ type: 'kartu:push-opened', payload: levelUpPush(cardId, { kind: null, link: null, messageId: 'rating-1', StoreRating: { transactionId: '1722534f-d3d2-42a1-9c15-981c06ebe2c5' } }) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/transaction-detail/1722534f-d3d2-42a1-9c15-981c06ebe2c5`));
    expect(server.bodiesOf('/api/push/route')).toEqual([{ routeName: 'detailTransaction', transactionId: '1722534f-d3d2-42a1-9c15-981c06ebe2c5' }]);
  });

  it('opens the modal of the push the app was opened from, and leaves the push out of the address', async () => {
    browser.permission = 'granted';
    stubServer();
    const push = levelUpPush(cardId);
    const told = { kind: push.extras.kind, messageId: push.extras.messageId, link: push.extras.link, queryString: push.extras.queryString, title: push.title, body: push.body };
    renderLayer(`/cards/${cardId}?tab=levels&push=${encodeURIComponent(JSON.stringify(told))}`);

    expect(await screen.findByRole('dialog', { name: 'You reached Gold' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/cards/${cardId}\\?tab=levels$`));
  });

  it('ignores a push query that is not one', async () => {
    browser.permission = 'granted';
    stubServer();
    renderLayer(`/cards?push=${encodeURIComponent('{"kind":"Nonsense"}')}`);
    await waitFor(() => expect(browser.register).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
