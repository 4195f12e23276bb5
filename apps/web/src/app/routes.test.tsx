import { describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setSession } from '../lib/session.ts';
import { testSite } from '../test/site.test-support.ts';
import { visitApp } from '../test/app-routes.test-support.tsx';
import { sessionUser } from '../test/session.test-support.ts';
import { okAnswer, stubApi } from '../test/api-stub.test-support.ts';
import { updateSignInFlow } from '../features/auth/sign-in-flow.ts';
import { shopCard } from '../test/shop.test-support.ts';

const visit = visitApp;

const knownAccount = { needSetPin: false, needSetPhone: false, isNewDevice: true };
const sessionAnswer = () => ({ user: sessionUser({ id: 'u1' }), loginType: 'otp', pinRequired: false, needSetPhone: true });
const signIn = () => setSession({ user: sessionUser({ id: 'u1' }), loginType: 'otp' });

describe('app routes', () => {
  it('sends a signed-out visitor from /cards to /', async () => {
    const { at } = visit(testSite(), '/cards');
    await waitFor(() => expect(at()).toBe('/'));
  });

  it('sends a signed-out visitor from a card page to /', async () => {
    const { at } = visit(testSite(), '/cards/abc/transfer-point');
    await waitFor(() => expect(at()).toBe('/'));
  });

  it('lets a signed-in member stay on /cards', async () => {
    signIn();
    const { at, visited } = visit(testSite(), '/cards');
    // The signed-in layout downloads first; nothing may move the member away meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(at()).toBe('/cards');
    expect(visited).toEqual(['/cards']);
  });

  it('sends a signed-in member from / to /cards keeping only the kept query keys', async () => {
    signIn();
    const { at } = visit(testSite(), '/?utm_source=sms&x=1');
    await waitFor(() => expect(at()).toBe('/cards?utm_source=sms'));
  });

  it('sends any page of a site in maintenance to /maintenance', async () => {
    const site = testSite({ maintenance: true });
    for (const url of ['/', '/cards', '/nowhere']) {
      const { at, unmount } = visit(site, url);
      await waitFor(() => expect(at()).toBe('/maintenance'));
      unmount();
    }
  });

  it('sends any page of an inactive site to /sorry', async () => {
    const { at } = visit(testSite({ active: false }), '/login');
    await waitFor(() => expect(at()).toBe('/sorry'));
  });

  it('moves /cards?x=1 to /v2/cards?x=1 on a v2 site', async () => {
    signIn();
    const { at } = visit(testSite({ uiVersion: 'v2' }), '/cards?x=1');
    await waitFor(() => expect(at()).toBe('/v2/cards?x=1'));
  });

  it('passes a signed-out visitor of a v2 site through /v2/cards before sending them to /', async () => {
    const { at, visited } = visit(testSite({ uiVersion: 'v2' }), '/cards?x=1');
    await waitFor(() => expect(at()).toBe('/'));
    expect(visited).toEqual(['/cards?x=1', '/v2/cards?x=1', '/']);
  });

  it('answers 404 Page not found on / without a referenceId where the host requires one', async () => {
    const { at } = visit(testSite({ requireReferenceId: true }), '/');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(at()).toBe('/');
  });

  it('shows the landing page on / with a referenceId where the host requires one', async () => {
    visit(testSite({ requireReferenceId: true }), '/?referenceId=r1');
    expect(await screen.findByTestId('brand-name')).toHaveTextContent('Kopi Senja');
  });

  it('shows the 404 page for an unknown address', async () => {
    visit(testSite(), '/no-such-page');
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
  });

  it('sends a visit to /new-pin with no PIN to create to /cards, and one with no sign-in under way to /', async () => {
    const first = visit(testSite(), '/new-pin');
    await waitFor(() => expect(first.at()).toBe('/'));
    first.unmount();

    // A known account's code was verified: it has a PIN to enter, not one to create or reset.
    updateSignInFlow({
      identifier: { identifierType: 'phone', identifierValue: '081234567890', countryCode: '62' },
      pinInfo: knownAccount,
      pinPending: { isNewUser: false },
    });
    signIn();
    for (const url of ['/new-pin', '/new-pin?mode=RESET']) {
      const { at, unmount } = visit(testSite(), url);
      await waitFor(() => expect(at()).toBe('/cards'));
      unmount();
    }
  });

  it('opens /new-pin once a verified code left a new account without a PIN', async () => {
    updateSignInFlow({
      identifier: { identifierType: 'phone', identifierValue: '081234567890', countryCode: '62' },
      pinPending: { isNewUser: true },
    });
    visit(testSite(), '/new-pin');
    expect(await screen.findByRole('heading', { name: 'Create your PIN' })).toBeInTheDocument();
  });

  it('opens /register-phone-number only while the session owes a phone number', async () => {
    signIn();
    stubApi({
      'GET /api/auth/session': [() => okAnswer(sessionAnswer()), () => okAnswer({ ...sessionAnswer(), needSetPhone: false })],
    });
    const owing = visit(testSite(), '/register-phone-number');
    expect(await screen.findByRole('heading', { name: 'Add your phone number' })).toBeInTheDocument();
    owing.unmount();

    const { at } = visit(testSite(), '/register-phone-number');
    await waitFor(() => expect(at()).toBe('/cards'));
  });
  it("sends a gated card page of an expired subscription to the card's page, in the v2 tree on /v2", async () => {
    signIn();
    const card = shopCard({ programType: 'subscription', subscription: { isExpired: true, status: 'expired', endsAt: '2026-10-01T00:00:00.000Z' } });
    stubApi({ [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card) });
    const v1 = visit(testSite(), `/cards/${card.id}/levels`);
    await waitFor(() => expect(v1.at()).toBe(`/cards/${card.id}`));
    v1.unmount();
    const v2 = visit(testSite({ uiVersion: 'v2' }), `/v2/cards/${card.id}/transaction-history`);
    await waitFor(() => expect(v2.at()).toBe(`/v2/cards/${card.id}`));
  });

  it("opens a card's orders, an order's tracking under /v2 and its pickup points from the shop's routes", async () => {
    signIn();
    const card = shopCard();
    stubApi({
      [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card),
      [`GET /api/v2/cards/${card.id}/orders`]: () => okAnswer({ data: [], nextCursor: null }),
      [`GET /api/v2/cards/${card.id}/distributors`]: () => okAnswer({ data: [] }),
    });
    const orders = visit(testSite(), `/cards/${card.id}/orders`);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    orders.unmount();
    const distributors = visit(testSite(), `/cards/${card.id}/distributors`);
    expect(await screen.findByRole('heading', { name: 'No pickup points' })).toBeInTheDocument();
    distributors.unmount();
    visit(testSite({ uiVersion: 'v2' }), `/v2/cards/${card.id}/orders/ord-1/track/JNE0012345678`);
    expect(await screen.findByRole('heading', { name: 'Track order' })).toBeInTheDocument();
  });
  it("opens a card's membership and payment pages, and answers 404 for a card page the app does not have", async () => {
    signIn();
    // Only the feature locks answer (none locked); the pages' own requests never do.
    const noLocks = (input: RequestInfo | URL) =>
      new URL(String(input), 'http://kartu.test').pathname === '/api/users/feature-eligibilities' ? Promise.resolve(okAnswer({ data: [] })) : new Promise<Response>(() => undefined);
    vi.stubGlobal('fetch', vi.fn(noLocks));
    const membership = visit(testSite(), '/cards/card00000000000000000001/subscribe');
    expect(await screen.findByRole('heading', { name: 'Membership' })).toBeInTheDocument();
    membership.unmount();
    const payment = visit(testSite(), '/cards/card00000000000000000001/subscribe/payment?payment=0b7c9e2a-4d1f-4c3e-8a5b-6f7e8d9c0a1b');
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    payment.unmount();
    visit(testSite(), '/cards/card00000000000000000001/subscribe/no-such-page');
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
  });

  it('opens the inbox on /notifications, moved under /v2 on a v2 site, and a card’s own inbox under /v2 only', async () => {
    signIn();
    const card = shopCard();
    const api = stubApi({
      [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card),
      'GET /api/v2/inbox': () => okAnswer({ data: [], nextCursor: null }),
      'GET /api/v2/inbox/unreads-inbox': () => okAnswer({ data: { count: 0 } }),
    });
    const v1 = visit(testSite(), '/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    v1.unmount();

    const v2 = visit(testSite({ uiVersion: 'v2' }), '/notifications');
    await waitFor(() => expect(v2.at()).toBe('/v2/notifications'));
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    v2.unmount();

    const cardInbox = visit(testSite({ uiVersion: 'v2' }), `/v2/cards/${card.id}/notifications`);
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', '/api/v2/inbox').at(-1)?.query.get('cardId')).toBe(card.id));
    cardInbox.unmount();

    visit(testSite(), `/cards/${card.id}/notifications`);
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
  });

  it('sends a signed-out visitor from the inbox to /', async () => {
    const { at } = visit(testSite(), '/notifications');
    await waitFor(() => expect(at()).toBe('/'));
  });
});

