import { afterEach, describe, it, expect, vi } from 'vitest';
import type { CardDetail } from '@kartu/contracts';
import { screen, waitFor } from '@testing-library/react';
import { okAnswer, stubApi } from '../test/api-stub.test-support.ts';
import { visitSignedIn } from '../test/app-routes.test-support.tsx';
import { shopCard } from '../test/shop.test-support.ts';
import { friendsPage, referralOverview } from '../features/referral/referral.test-support.ts';
import { targetOf } from '../features/targets/targets.test-support.ts';
import { missionOf } from '../features/missions/missions.test-support.ts';
import { answerOf, surveyPrivilegeOf } from '../features/privileges/privileges.test-support.ts';
import { giftCardChargeFixture, giftCardDetail, giftCardId } from '../features/cards/cards.test-support.ts';

const visit = visitSignedIn;

/** The card and the feature locks (none) answer at once; the shop's own requests never do, so a page shows what it has before them. */
function openShopOf(card: CardDetail) {
  const answers: Record<string, unknown> = { [`/api/v2/cards/${card.id}`]: card, '/api/users/feature-eligibilities': { data: [] } };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const answer = answers[new URL(String(input), 'http://kartu.test').pathname];
      return answer === undefined ? new Promise<Response>(() => undefined) : Promise.resolve(okAnswer(answer));
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('card routes', () => {
  it('opens the add-card page with the number from /cards/add/{cardNo}', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    visit('/cards/add/6012345678901234');
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toHaveValue('6012345678901234');
  });

  it('opens the add-card page empty on /cards/add-card', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    visit('/cards/add-card');
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toHaveValue('');
  });

  it('answers 404 for a card page this app does not have', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    visit('/cards/card00000000000000000001/no-such-page');
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
  });

  it('sends a page of a feature the merchant locks for the member to /feature-locked, naming what opens it', async () => {
    const card = shopCard();
    const unlock = { kind: 'level', programId: card.cardProgram.programId, programName: 'Kopi Senja Rewards', levelName: 'Silver', cardId: card.id };
    stubApi({
      [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card),
      'GET /api/users/feature-eligibilities': () => okAnswer({ data: [{ feature: 'transfer-point', isLocked: true, unlock }, { feature: 'catalog', isLocked: true, unlock: { kind: 'closed' } }] }),
    });
    const transfer = visit(`/cards/${card.id}/transfer-point`);
    expect(await screen.findByText('Point transfer opens when your Kopi Senja Rewards card reaches Silver.')).toBeInTheDocument();
    expect(transfer.at()).toBe('/feature-locked?feature=transfer-point');
    transfer.unmount();
    const shop = visit(`/cards/${card.id}/catalogs`);
    expect(await screen.findByText('Catalog is not offered by this merchant at the moment.')).toBeInTheDocument();
    expect(shop.at()).toBe('/feature-locked?feature=catalog');
  });

  it.each([false, true])("opens a card's referral program under the card, or the feature-locked page while referral is locked (locked: %s)", async (referralLocked) => {
    const card = shopCard();
    stubApi({
      [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card),
      'GET /api/users/feature-eligibilities': () => okAnswer({ data: [{ feature: 'referral', isLocked: referralLocked, unlock: referralLocked ? { kind: 'closed' } : null }] }),
      'GET /api/v2/referrals/ref-1': () => okAnswer({ data: referralOverview({ id: 'ref-1', cardId: card.id }) }),
      'GET /api/v2/referrals/ref-1/friends': () => okAnswer(friendsPage([])),
    });
    const page = visit(`/cards/${card.id}/referral/ref-1`);
    if (referralLocked) return void (await waitFor(() => expect(page.at()).toBe('/feature-locked?feature=referral')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Refer friends' })).toBeInTheDocument();
    expect(page.at()).toBe(`/cards/${card.id}/referral/ref-1`);
  });

  it.each([false, true])("opens a card's targets and one target under the card, or the feature-locked page while targets are locked (locked: %s)", async (targetsLocked) => {
    const card = shopCard();
    const target = targetOf({ cardId: card.id });
    stubApi({
      [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card),
      'GET /api/users/feature-eligibilities': () =>
        okAnswer({ data: [{ feature: 'target-achievement', isLocked: targetsLocked, unlock: targetsLocked ? { kind: 'closed' } : null }] }),
      [`GET /api/v2/cards/${card.id}/targets`]: () => okAnswer({ data: [target] }),
      [`GET /api/v2/cards/${card.id}/targets/${target.id}`]: () => okAnswer({ data: target }),
    });
    const list = visit(`/cards/${card.id}/target-achievement`);
    if (targetsLocked) return void (await waitFor(() => expect(list.at()).toBe('/feature-locked?feature=target-achievement')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Targets' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: target.name })).toBeInTheDocument();
    list.unmount();
    const detail = visit(`/cards/${card.id}/target-achievement/${target.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: target.name })).toBeInTheDocument();
    expect(detail.at()).toBe(`/cards/${card.id}/target-achievement/${target.id}`);
  });

  it.each([false, true])("opens a card's missions, one mission and one task under the card, or the feature-locked page while missions are locked (locked: %s)", async (missionsLocked) => {
    const card = shopCard();
    const mission = missionOf({ cardId: card.id });
    stubApi({
      [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card),
      'GET /api/users/feature-eligibilities': () => okAnswer({ data: [{ feature: 'mission', isLocked: missionsLocked, unlock: missionsLocked ? { kind: 'closed' } : null }] }),
      [`GET /api/v2/cards/${card.id}/missions`]: () => okAnswer({ data: [mission] }),
      [`GET /api/v2/cards/${card.id}/missions/${mission.id}`]: () => okAnswer({ data: mission }),
    });
    const list = visit(`/cards/${card.id}/mission-activities`);
    if (missionsLocked) return void (await waitFor(() => expect(list.at()).toBe('/feature-locked?feature=mission')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Missions' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: mission.name })).toBeInTheDocument();
    list.unmount();
    const detail = visit(`/cards/${card.id}/mission-activities/${mission.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: mission.name })).toBeInTheDocument();
    expect(detail.at()).toBe(`/cards/${card.id}/mission-activities/${mission.id}`);
    detail.unmount();
    const task = visit(`/cards/${card.id}/mission-activities/${mission.id}/task/task-buy`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy two Kopi Susu' })).toBeInTheDocument();
    expect(task.at()).toBe(`/cards/${card.id}/mission-activities/${mission.id}/task/task-buy`);
    task.unmount();
    visit(`/cards/${card.id}/mission-activities/task/task-spend`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spend Rp 100.000' })).toBeInTheDocument();
  });

  it.each([false, true])("opens a card's perks, a perk, its survey, its answers and one answer under the card, or the feature-locked page while perks are locked (locked: %s)", async (privilegesLocked) => {
    const card = shopCard();
    const privilege = surveyPrivilegeOf({ cardId: card.id });
    const answered = { ...privilege, id: 'perk-answered', title: 'Rate our pastries', state: 'answered' as const, latestAnswer: { id: 'answer-1', state: 'pending' as const } };
    const perks = `/api/v2/cards/${card.id}/privileges`;
    stubApi({
      [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card),
      'GET /api/users/feature-eligibilities': () => okAnswer({ data: [{ feature: 'privilege', isLocked: privilegesLocked, unlock: privilegesLocked ? { kind: 'closed' } : null }] }),
      [`GET ${perks}`]: () => okAnswer({ data: [privilege, answered] }),
      [`GET ${perks}/${privilege.id}`]: () => okAnswer({ data: privilege }),
      [`GET ${perks}/${answered.id}`]: () => okAnswer({ data: answered }),
      [`GET ${perks}/${answered.id}/answers`]: () => okAnswer({ data: [answerOf({ privilegeId: answered.id })] }),
      [`GET ${perks}/${answered.id}/answers/answer-1`]: () => okAnswer({ data: answerOf({ privilegeId: answered.id }) }),
    });
    const list = visit(`/cards/${card.id}/privileges`);
    if (privilegesLocked) return void (await waitFor(() => expect(list.at()).toBe('/feature-locked?feature=privilege')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Perks' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: privilege.title })).toBeInTheDocument();
    list.unmount();
    const pages: [string, () => Promise<HTMLElement>][] = [
      [`privileges/${privilege.id}`, () => screen.findByRole('link', { name: 'Answer the survey' })],
      [`privileges/${privilege.id}/survey`, () => screen.findByRole('textbox', { name: 'Your favourite drink' })],
      [`privileges/${answered.id}/answers`, () => screen.findByRole('heading', { level: 2, name: 'Answer of Dec 10, 2026' })],
      [`privileges/${answered.id}/answers/answer-1`, () => screen.findByRole('heading', { level: 2, name: 'Your answers' })],
    ];
    for (const [page, shown] of pages) {
      const opened = visit(`/cards/${card.id}/${page}`);
      expect(await shown()).toBeInTheDocument();
      expect(opened.at()).toBe(`/cards/${card.id}/${page}`);
      opened.unmount();
    }
  });

  it('has no mission pages under a v2 card, whose interface has none yet', async () => {
    const card = shopCard();
    stubApi({ [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card), 'GET /api/users/feature-eligibilities': () => okAnswer({ data: [] }) });
    visit(`/v2/cards/${card.id}/mission-activities`);
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
  });

  // The feature locks are not answered here: a failed read locks nothing (spec: app-core §8 silent fallbacks).
  it('keeps the catalog open on a card whose subscription has expired', async () => {
    const card = shopCard({ subscription: { isExpired: true, status: 'expired', endsAt: '2026-10-01T00:00:00.000Z' } });
    stubApi({
      [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card),
      [`GET /api/v2/cards/${card.id}/catalogs`]: () => okAnswer({ categories: [], data: [], total: 0, nextCursor: null }),
    });
    visit(`/cards/${card.id}/catalogs`);
    expect(await screen.findByRole('heading', { name: 'Nothing on sale yet' })).toBeInTheDocument();
  });

  it("sends the catalog, cart and checkout of a card whose program shows no shop to the feature-locked page; its orders stay open", async () => {
    const card = shopCard({ visualAttributes: {} });
    for (const page of ['catalogs', 'catalogs/carts', 'catalogs/checkout', 'catalogs/evoucher/p-1']) {
      openShopOf(card);
      const { at, unmount } = visit(`/cards/${card.id}/${page}`);
      expect(await screen.findByRole('heading', { name: 'Not available yet' })).toBeInTheDocument();
      expect(screen.getByText('Catalog is not available for your account yet.')).toBeInTheDocument();
      expect(at()).toBe('/feature-locked?feature=catalog');
      unmount();
    }
    stubApi({ [`GET /api/v2/cards/${card.id}`]: () => okAnswer(card), [`GET /api/v2/cards/${card.id}/orders`]: () => okAnswer({ data: [], nextCursor: null }) });
    const { at } = visit(`/cards/${card.id}/orders`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(at()).toBe(`/cards/${card.id}/orders`);
  });

  it('reads the literal shop and carts segments before a product type', async () => {
    openShopOf(shopCard());
    visit(`/cards/${shopCard().id}/catalogs/carts`);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('answers 404 for a product type the catalog does not sell', async () => {
    openShopOf(shopCard());
    visit(`/cards/${shopCard().id}/catalogs/furniture/p-1`);
    expect(await screen.findByText('This product is no longer available')).toBeInTheDocument();
  });

  it('opens a gift card payment at the top level, under its card, and under its card on v2', async () => {
    const card = giftCardDetail();
    const charge = { ...giftCardChargeFixture({ id: '5c3e2a10-0000-4000-8000-000000000002' }), card: { id: card.id, number: card.no, programName: 'Kopi Senja Gift Card', currency: card.currency } };
    stubApi({ [`GET /api/v2/cards/${giftCardId}`]: () => okAnswer(card), [`GET /api/v2/gift-card-charges/${charge.id}`]: () => okAnswer({ data: charge }) });
    for (const url of [
      `/transaction-egift-detail/${charge.id}`,
      `/cards/${giftCardId}/transaction-egift-detail/${charge.id}`,
      `/v2/cards/${giftCardId}/transaction-egift-detail/${charge.id}`,
    ]) {
      const { unmount } = visit(url);
      expect(await screen.findByRole('article', { name: 'Paid at Kopi Senja Senayan' })).toBeInTheDocument();
      unmount();
    }
  });

  it('opens the v2 catalog search with the search box focused', async () => {
    openShopOf(shopCard());
    visit(`/v2/cards/${shopCard().id}/catalogs/search`);
    expect(await screen.findByRole('searchbox', { name: 'Search products' })).toHaveFocus();
  });
});
