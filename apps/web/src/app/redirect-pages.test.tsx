import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { clearSession, setSession } from '../lib/session.ts';
import { okAnswer, stubApi } from '../test/api-stub.test-support.ts';
import { visitApp } from '../test/app-routes.test-support.tsx';
import { sessionUser } from '../test/session.test-support.ts';
import { testSite } from '../test/site.test-support.ts';

const signIn = () => setSession({ user: sessionUser({ id: 'u1' }), loginType: 'otp' });

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('/redirect', () => {
  it.each([
    ['%2Fsettings', '/settings'],
    ['%2F%2Fevil.example', '/cards'],
    ['https%3A%2F%2Fevil.example', '/cards'],
    ['', '/cards'],
  ])('sends a signed-in member on from ?to=%s to %s: only a page of the app, else the wallet', async (to, landing) => {
    signIn();
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    const { at } = visitApp(testSite(), `/redirect?to=${to}`);
    await waitFor(() => expect(at()).toBe(landing));
  });
});

describe('/feature-redirect', () => {
  const locks = (isLocked: boolean) =>
    stubApi({ 'GET /api/users/feature-eligibilities': () => okAnswer({ data: [{ feature: 'catalog', isLocked, unlock: isLocked ? { kind: 'closed' } : null }] }) });

  it('sends the member to /feature-locked while the feature is locked for them', async () => {
    signIn();
    locks(true);
    const { at } = visitApp(testSite(), '/feature-redirect?feature=catalog&to=%2Fsettings');
    await waitFor(() => expect(at()).toBe('/feature-locked?feature=catalog'));
  });

  it('sends the member on to the page while the feature is open', async () => {
    signIn();
    locks(false);
    const { at } = visitApp(testSite(), '/feature-redirect?feature=catalog&to=%2Fsettings');
    await waitFor(() => expect(at()).toBe('/settings'));
  });
});
