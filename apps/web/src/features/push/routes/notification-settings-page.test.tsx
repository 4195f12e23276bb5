import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pushSettingKinds } from '@kartu/contracts';
import { queryClient } from '../../../lib/query-client.ts';
import { setSession } from '../../../lib/session.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { sessionUser } from '../../../test/session.test-support.ts';
import { pushPreferences } from '../push-preferences.ts';
import { browserSubscription, installBrowserPush, serverPublicKey, type FakeBrowserPush } from '../push.test-support.ts';
import { NotificationSettingsPage } from './notification-settings-page.tsx';

let browser: FakeBrowserPush | null = null;
afterEach(() => {
  browser?.uninstall();
  browser = null;
  queryClient.clear();
});

const allOn = pushSettingKinds.map((kind) => ({ kind, enabled: true }));

function stubServer({ settings = [() => okAnswer({ data: allOn })] }: { settings?: (() => Response)[] } = {}) {
  return stubApi({
    'GET /api/push/public-key': () => okAnswer({ data: { publicKey: serverPublicKey } }),
    'GET /api/push/settings': settings,
    'PATCH /api/push/settings': () => okAnswer({ data: allOn.map((setting) => (setting.kind === 'points_earned' ? { ...setting, enabled: false } : setting)) }),
    'POST /api/push/subscriptions': () => okAnswer({ data: { id: 'sub-1', createdAt: '2026-03-14T03:15:00.000Z' } }),
    'DELETE /api/push/subscriptions': () => new Response(null, { status: 204 }),
  });
}

function renderSettings() {
  setSession({ user: sessionUser() });
  return renderPage(<NotificationSettingsPage />, { history: ['/settings', '/settings/notifications'] });
}

const kinds = () => screen.getByRole('region', { name: 'What to push' });

describe('NotificationSettingsPage', () => {
  it('shows each kind of message with its switch, and turns one off at the server', async () => {
    const api = stubServer();
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const points = await within(kinds()).findByRole('switch', { name: 'Points earned' });
    expect(within(kinds()).getAllByRole('switch')).toHaveLength(pushSettingKinds.length);
    expect(within(kinds()).getByRole('switch', { name: 'News from Kopi Senja' })).toBeChecked();
    expect(points).toBeChecked();

    await userEvent.click(points);
    expect(points).not.toBeChecked();
    await waitFor(() => expect(api.to('PATCH', '/api/push/settings').map((request) => request.body)).toEqual([{ kinds: [{ kind: 'points_earned', enabled: false }] }]));
    expect(points).not.toBeChecked();
  });

  it('puts a switch back when the server refuses the change', async () => {
    stubApi({
      'GET /api/push/public-key': () => okAnswer({ data: { publicKey: serverPublicKey } }),
      'GET /api/push/settings': () => okAnswer({ data: allOn }),
      'PATCH /api/push/settings': () => errorAnswer('INTERNAL'),
    });
    renderSettings();
    const orders = await within(kinds()).findByRole('switch', { name: 'Order updates' });
    await userEvent.click(orders);
    await waitFor(() => expect(orders).toBeChecked());
  });

  it('turns push on for this device (permission, subscription, registration) and off again', async () => {
    browser = installBrowserPush('default');
    const api = stubServer();
    renderSettings();
    const device = await screen.findByRole('switch', { name: 'Push notifications' });
    await waitFor(() => expect(device).toBeEnabled());
    expect(device).not.toBeChecked();

    await userEvent.click(device);
    await waitFor(() => expect(device).toBeChecked());
    expect(browser.permission).toBe('granted');
    expect(api.bodiesOf('/api/push/subscriptions')).toEqual([browserSubscription]);
    expect(device).toHaveAccessibleDescription('You get notifications on this device, even when the app is closed.');

    await userEvent.click(device);
    await waitFor(() => expect(device).not.toBeChecked());
    expect(api.to('DELETE', '/api/push/subscriptions').map((request) => request.query.get('endpoint'))).toEqual([browserSubscription.endpoint]);
    expect(browser.subscription).toBeNull();
    // The app no longer subscribes this browser by itself.
    expect(pushPreferences.read().turnedOff).toBe(true);
  });

  it('says why push cannot be turned on: blocked in the browser, or a browser without push', async () => {
    browser = installBrowserPush('denied');
    stubServer();
    const view = renderSettings();
    const device = await screen.findByRole('switch', { name: 'Push notifications' });
    await waitFor(() => expect(device).toHaveAccessibleDescription(/blocked for this site in your browser/));
    expect(device).toBeDisabled();
    view.unmount();
    browser.uninstall();
    browser = null;

    renderSettings();
    expect(await screen.findByRole('switch', { name: 'Push notifications' })).toHaveAccessibleDescription('This browser cannot receive push notifications.');
    expect(screen.getByRole('switch', { name: 'Push notifications' })).toBeDisabled();
  });
});
