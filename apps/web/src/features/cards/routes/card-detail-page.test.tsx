import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardDetail, Mission, Privilege, ReferralListItem, SiteState, Target } from '@kartu/contracts';
import { setSession } from '../../../lib/session.ts';
import { markCardTourSeen } from '../card-tour-store.ts';
import { CardDetailPage } from './card-detail-page.tsx';
import { cardDetail, cardListItem } from '../../../features/cards/cards.test-support.ts';
import { type Answer, errorAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { testSite } from '../../../test/site.test-support.ts';
import { sessionUser } from '../../../test/session.test-support.ts';
import { paths } from '../../../config/paths.ts';

const cardId = 'card00000000000000000001';
const cardUrl = `GET /api/v2/cards/${cardId}`;

function renderDetail(card: CardDetail | Answer, { site = testSite(), extra = {}, tour = false }: { site?: SiteState; extra?: Record<string, Answer>; tour?: boolean } = {}) {
  setSession({ user: sessionUser({ id: 'u-7', name: 'Rani' }), loginType: 'pin' });
  // The first visit's tour is a test of its own.
  if (!tour) markCardTourSeen();
  const { requests: calls } = stubApi({ [cardUrl]: typeof card === 'function' ? card : () => Response.json(card), ...extra });
  const view = renderPage(<CardDetailPage />, { path: paths.cardDetail.path, history: ['/cards', `/cards/${cardId}`], site });
  return { ...view, calls };
}

/** One of the member's referral programs as GET /api/v2/referrals lists it: running, of the card under test. */
function referralOf(overrides: Partial<ReferralListItem>): ReferralListItem {
  const offer = { programId: 'p-1', programName: 'Kopi Senja Rewards', unit: 'POINT', referrerReward: 100, friendReward: 50, rewardOn: 'purchased', endsAt: null } as const;
  return { id: 'ref-1', cardId, status: 'active', ...offer, ...overrides };
}

/** A target running on the card under test, as GET /api/v2/cards/{cardId}/targets lists it. */
function runningTarget(): Target {
  const window = { windowStartsAt: '2026-01-01T00:00:00.000Z', windowEndsAt: '2027-01-01T00:00:00.000Z' };
  return { id: 'target-1', cardId, name: 'Spend for Gold', description: null, kind: 'spend', period: 'yearly', target: 1_000_000, progress: 0, currency: 'IDR', unit: 'POINT', reward: 200, ...window, achieved: false, achievedAt: null };
}

/** A mission of the card under test, as GET /api/v2/cards/{cardId}/missions lists it: running, or ended in its history. */
function missionOf(status: Mission['status']): Mission {
  const task = { id: 'task-1', kind: 'spend', title: 'Spend Rp 100.000', description: null, target: 100_000, progress: 0, done: false, product: null } as const;
  const when = { startsAt: '2026-01-01T00:00:00.000Z', endsAt: '2027-01-01T00:00:00.000Z', completedAt: null };
  return { id: 'mission-1', cardId, name: 'Coffee week', description: null, status, ...when, currency: 'IDR', unit: 'POINT', tasks: [task], tasksDone: 0, reward: { kind: 'points', amount: 100, unit: 'POINT' } };
}

/** A perk of the card under test, as GET /api/v2/cards/{cardId}/privileges lists it: open, or out of reach. */
function privilegeOf(state: Privilege['state']): Privilege {
  const when = { startsAt: '2026-01-01T00:00:00.000Z', endsAt: null };
  const voucher = { templateId: 'tpl-1', name: 'Free Kopi', quantity: 1 };
  return { id: 'perk-1', cardId, kind: 'voucher', title: 'Free Kopi', description: null, terms: null, state, lock: null, ...when, voucher, rewardPoints: null, unit: 'POINT', questions: [], latestAnswer: null };
}

const singleCardSite = () => testSite({ merchant: { homePage: { ...testSite().merchant.homePage, addCardButton: false } } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CardDetailPage', () => {
  it('shows the balance in points, the soonest expiring points and the program in the header', async () => {
    renderDetail(cardDetail({ balance: { amount: 1250, unit: 'POINT', expiring: [{ amount: 300, expiresAt: '2026-03-12T00:00:00.000Z' }] } }));
    expect(await screen.findByText('1.250 Pts')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your points' })).toBeInTheDocument();
    expect(screen.getByText(/^300 Pts expire on .*2026/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Kopi Senja Rewards' })).toBeInTheDocument();
  });

  it('shows a stamps balance as stamps', async () => {
    renderDetail(cardDetail({ balance: { amount: 6, unit: 'STAMP', expiring: [] }, levels: [] }));
    expect(await screen.findByText('6 Stamps')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your stamps' })).toBeInTheDocument();
  });

  it('shows a cash balance with the currency symbol and separators', async () => {
    const currency = { code: 'MYR', symbol: 'RM', decimalDigits: 2, thousandSeparator: ',', decimalSeparator: '.' };
    renderDetail(cardDetail({ balance: { amount: 123450, unit: 'CASH', expiring: [] }, currency, levels: [] }));
    expect(await screen.findByText('RM 1,234.50')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your balance' })).toBeInTheDocument();
  });

  it('steps through the levels: done below the current one, active on it, and the progress to the next', async () => {
    renderDetail(cardDetail());
    const stepper = await screen.findByRole('region', { name: 'Level: Silver' });
    const steps = within(stepper).getAllByRole('listitem');
    expect(steps.map((step) => step.className)).toEqual([
      'level-stepper__step is-done',
      'level-stepper__step is-active',
      'level-stepper__step is-upcoming',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(within(stepper).getByRole('progressbar', { name: 'Progress to Gold' })).toHaveAttribute('aria-valuenow', '20');
    expect(within(stepper).getByText('1.200 more to reach Gold')).toBeInTheDocument();
  });

  it('builds the menu from the card menus its visual attributes allow, with the rewards to claim', async () => {
    renderDetail(
      cardDetail({
        menus: ['levels', 'claim-rewards', 'transfer-point', 'catalogs', 'transaction-history'],
        visualAttributes: { showLevels: true, showClaimRewards: true, showTransferPoint: false, showTransactionHistory: true },
        claimableRewards: 2,
      }),
    );
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/cards/${cardId}/levels`,
      `/cards/${cardId}/claim-rewards`,
      `/cards/${cardId}/transaction-history`,
    ]);
    expect(links[1]).toHaveAccessibleName('Claim rewards, 2 rewards to claim');
  });

  it('offers Refer friends while a referral program of this card runs', async () => {
    const { calls } = renderDetail(cardDetail(), {
      extra: {
        'GET /api/v2/referrals': () =>
          Response.json({ data: [referralOf({ id: 'ref-other', cardId: 'card-other' }), referralOf({ id: 'ref-ended', status: 'ended' }), referralOf({ id: 'ref-1' })] }),
      },
    });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    expect(await within(menu).findByRole('link', { name: 'Refer friends' })).toHaveAttribute('href', `/cards/${cardId}/referral/ref-1`);
    expect(within(menu).getAllByRole('link').at(-1)).toHaveAccessibleName('Refer friends');
    expect(calls.filter((call) => call.path === '/api/v2/referrals')).toHaveLength(1);
  });

  it('offers neither Refer friends, Missions, Perks nor Targets on a v2 card, whose interface has no such pages yet', async () => {
    const { calls } = renderDetail(cardDetail(), { site: testSite({ uiVersion: 'v2' }) });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    expect(within(menu).queryByRole('link', { name: 'Refer friends' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Missions' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Perks' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Targets' })).not.toBeInTheDocument();
    const cardLists = ['/targets', '/missions', '/privileges'];
    expect(calls.some((call) => call.path === '/api/v2/referrals' || cardLists.some((list) => call.path.endsWith(list)))).toBe(false);
  });

  it('shows the menu without Refer friends when the referral programs cannot be read', async () => {
    const { calls } = renderDetail(cardDetail(), { extra: { 'GET /api/v2/referrals': () => errorAnswer('INTERNAL') } });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v2/referrals')).toBe(true));
    expect(within(menu).getAllByRole('link')).toHaveLength(4);
    expect(within(menu).queryByRole('link', { name: 'Refer friends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows Refer friends on a card whose other menus are all closed', async () => {
    renderDetail(cardDetail({ menus: [], visualAttributes: {} }), { extra: { 'GET /api/v2/referrals': () => Response.json({ data: [referralOf({ id: 'ref-1' })] }) } });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([`/cards/${cardId}/referral/ref-1`]);
  });

  it('offers Targets, before Refer friends, while the card has a target running', async () => {
    const { calls } = renderDetail(cardDetail(), {
      extra: {
        [`GET /api/v2/cards/${cardId}/targets`]: () => Response.json({ data: [runningTarget()] }),
        'GET /api/v2/referrals': () => Response.json({ data: [referralOf({ id: 'ref-1' })] }),
      },
    });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    expect(await within(menu).findByRole('link', { name: 'Targets' })).toHaveAttribute('href', `/cards/${cardId}/target-achievement`);
    await within(menu).findByRole('link', { name: 'Refer friends' });
    expect(within(menu).getAllByRole('link').slice(-2).map((link) => link.textContent)).toEqual(['Targets', 'Refer friends']);
    expect(calls.filter((call) => call.path === `/api/v2/cards/${cardId}/targets`)).toHaveLength(1);
  });

  it('tags the entries the merchant highlights as featured, read with their names', async () => {
    const site = testSite();
    const highlighting = testSite({ merchant: { ...site.merchant, flags: { ...site.merchant.flags, highlightedMenus: ['targetAchievement', 'transferPoint'] } } });
    renderDetail(cardDetail(), { site: highlighting, extra: { [`GET /api/v2/cards/${cardId}/targets`]: () => Response.json({ data: [runningTarget()] }) } });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    expect(await within(menu).findByRole('link', { name: 'Targets, Featured' })).toHaveTextContent('TargetsFeatured');
    expect(within(menu).getByRole('link', { name: 'Transfer points, Featured' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Levels' })).not.toHaveTextContent('Featured');
  });

  it.each<[string, Answer]>([
    ['has no target running', () => Response.json({ data: [] })],
    ['cannot read its targets', () => errorAnswer('INTERNAL')],
  ])('shows the menu without Targets when the card %s', async (_case, answer) => {
    const { calls } = renderDetail(cardDetail(), { extra: { [`GET /api/v2/cards/${cardId}/targets`]: answer } });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    await waitFor(() => expect(calls.some((call) => call.path === `/api/v2/cards/${cardId}/targets`)).toBe(true));
    expect(within(menu).getAllByRole('link')).toHaveLength(4);
    expect(within(menu).queryByRole('link', { name: 'Targets' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows Targets on a card whose other menus are all closed', async () => {
    renderDetail(cardDetail({ menus: [], visualAttributes: {} }), { extra: { [`GET /api/v2/cards/${cardId}/targets`]: () => Response.json({ data: [runningTarget()] }) } });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([`/cards/${cardId}/target-achievement`]);
  });

  it.each<Mission['status']>(['active', 'expired'])('offers Missions, above Targets, while the card has a mission (%s)', async (status) => {
    const { calls } = renderDetail(cardDetail(), {
      extra: {
        [`GET /api/v2/cards/${cardId}/missions`]: () => Response.json({ data: [missionOf(status)] }),
        [`GET /api/v2/cards/${cardId}/targets`]: () => Response.json({ data: [runningTarget()] }),
      },
    });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    expect(await within(menu).findByRole('link', { name: 'Missions' })).toHaveAttribute('href', `/cards/${cardId}/mission-activities`);
    await within(menu).findByRole('link', { name: 'Targets' });
    expect(within(menu).getAllByRole('link').slice(-2).map((link) => link.textContent)).toEqual(['Missions', 'Targets']);
    expect(calls.filter((call) => call.path === `/api/v2/cards/${cardId}/missions`)).toHaveLength(1);
  });

  it.each<[string, Answer]>([
    ['has no mission', () => Response.json({ data: [] })],
    ['cannot read its missions', () => errorAnswer('INTERNAL')],
    ['has missions locked', () => errorAnswer('FEATURE_LOCKED')],
  ])('shows the menu without Missions when the card %s', async (_case, answer) => {
    const { calls } = renderDetail(cardDetail(), { extra: { [`GET /api/v2/cards/${cardId}/missions`]: answer } });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    await waitFor(() => expect(calls.some((call) => call.path === `/api/v2/cards/${cardId}/missions`)).toBe(true));
    expect(within(menu).getAllByRole('link')).toHaveLength(4);
    expect(within(menu).queryByRole('link', { name: 'Missions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows Missions on a card whose other menus are all closed', async () => {
    renderDetail(cardDetail({ menus: [], visualAttributes: {} }), { extra: { [`GET /api/v2/cards/${cardId}/missions`]: () => Response.json({ data: [missionOf('active')] }) } });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([`/cards/${cardId}/mission-activities`]);
  });

  it.each<Privilege['state']>(['available', 'locked'])('offers Perks, under Missions and above Targets, while the card has a perk (%s)', async (state) => {
    const { calls } = renderDetail(cardDetail(), {
      extra: {
        [`GET /api/v2/cards/${cardId}/missions`]: () => Response.json({ data: [missionOf('active')] }),
        [`GET /api/v2/cards/${cardId}/privileges`]: () => Response.json({ data: [privilegeOf(state)] }),
        [`GET /api/v2/cards/${cardId}/targets`]: () => Response.json({ data: [runningTarget()] }),
      },
    });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    expect(await within(menu).findByRole('link', { name: 'Perks' })).toHaveAttribute('href', `/cards/${cardId}/privileges`);
    await within(menu).findByRole('link', { name: 'Missions' });
    await within(menu).findByRole('link', { name: 'Targets' });
    expect(within(menu).getAllByRole('link').slice(-3).map((link) => link.textContent)).toEqual(['Missions', 'Perks', 'Targets']);
    expect(calls.filter((call) => call.path === `/api/v2/cards/${cardId}/privileges`)).toHaveLength(1);
  });

  it.each<[string, Answer]>([
    ['has no perk', () => Response.json({ data: [] })],
    ['cannot read its perks', () => errorAnswer('INTERNAL')],
    ['has perks locked', () => errorAnswer('FEATURE_LOCKED')],
  ])('shows the menu without Perks when the card %s', async (_case, answer) => {
    const { calls } = renderDetail(cardDetail(), { extra: { [`GET /api/v2/cards/${cardId}/privileges`]: answer } });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    await waitFor(() => expect(calls.some((call) => call.path === `/api/v2/cards/${cardId}/privileges`)).toBe(true));
    expect(within(menu).getAllByRole('link')).toHaveLength(4);
    expect(within(menu).queryByRole('link', { name: 'Perks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows Perks on a card whose other menus are all closed', async () => {
    renderDetail(cardDetail({ menus: [], visualAttributes: {} }), { extra: { [`GET /api/v2/cards/${cardId}/privileges`]: () => Response.json({ data: [privilegeOf('ended')] }) } });
    const menu = await screen.findByRole('navigation', { name: 'Card menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([`/cards/${cardId}/privileges`]);
  });

  it('shows the status of a card that is not active and hides its shop button', async () => {
    renderDetail(cardDetail({ isCardActive: false, status: 'suspended', visualAttributes: { showBtnShop: true } }));
    expect(await screen.findByText('This card is Under review: it cannot be used for now.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Shop' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
  });

  it('shows the shop button on an active card that has one, and the way to its orders and its vouchers with their count', async () => {
    const { calls } = renderDetail(cardDetail({ visualAttributes: { showBtnShop: true } }), {
      extra: { [`GET /api/v2/cards/my-vouchers-count?cardId=${cardId}`]: () => Response.json({ data: { count: 3 } }) },
    });
    expect(await screen.findByRole('link', { name: 'Shop' })).toHaveAttribute('href', `/cards/${cardId}/catalogs/shop`);
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', `/cards/${cardId}/orders`);
    expect(await screen.findByRole('link', { name: 'My vouchers, 3 available' })).toHaveAttribute('href', `/cards/${cardId}/vouchers`);
    expect(calls.filter((call) => call.path === '/api/v2/cards/my-vouchers-count').map((call) => call.query.get('cardId'))).toEqual([cardId]);
  });

  it('asks to complete the registration while it is required and not done', async () => {
    renderDetail(cardDetail({ registration: { required: true, completed: false, form: [] } }));
    expect(await screen.findByRole('link', { name: /Complete your registration/ })).toHaveAttribute('href', `/cards/${cardId}/register`);
  });

  it('says why an expired membership closed the menus and offers to renew it', async () => {
    renderDetail(cardDetail({ programType: 'subscription', subscription: { isExpired: true, status: 'expired', endsAt: '2026-11-19T03:00:00.000Z' } }));
    expect(await screen.findByRole('heading', { name: 'Your membership has expired' })).toBeInTheDocument();
    expect(screen.getByText(/It ended on November 19, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Renew membership' })).toHaveAttribute('href', `/cards/${cardId}/subscribe`);
  });

  it('shows until when a running membership lasts, with a way to manage it', async () => {
    renderDetail(cardDetail({ programType: 'subscription', subscription: { isExpired: false, status: 'active', endsAt: '2026-12-24T03:00:00.000Z' } }));
    expect(await screen.findByText('Member until December 24, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage membership' })).toHaveAttribute('href', `/cards/${cardId}/subscribe`);
    expect(screen.queryByRole('heading', { name: 'Your membership has expired' })).not.toBeInTheDocument();
  });

  it('opens the card QR with the number grouped by 4, and closes it with Escape', async () => {
    renderDetail(cardDetail());
    const show = await screen.findByRole('button', { name: 'Show card' });
    await userEvent.click(show);
    const dialog = await screen.findByRole('dialog', { name: 'Kopi Senja Rewards' });
    expect(within(dialog).getByText('6012 3456 7890 1234')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'QR code of card 6012 3456 7890 1234' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(show).toHaveFocus();
  });

  it('keeps Tab inside the QR modal', async () => {
    renderDetail(cardDetail());
    await userEvent.click(await screen.findByRole('button', { name: 'Show card' }));
    const close = await screen.findByRole('button', { name: 'Close' });
    await userEvent.tab();
    expect(close).toHaveFocus();
  });

  it('goes back to the wallet', async () => {
    renderDetail(cardDetail());
    await screen.findByText('1.250 Pts');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/);
  });

  it.each([400, 404, 422])('answers a %i card load with the 404 page saying Card not found', async (status) => {
    // React reports the error a page throws to its boundary; that report is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDetail(() => errorAnswer(status === 404 ? 'CARD_NOT_FOUND' : 'VALIDATION_FAILED', { statusCode: status }));
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Card not found');
  });

  it('sends any other card load failure to the retry page, which comes back here', async () => {
    renderDetail(() => errorAnswer('SERVICE_UNAVAILABLE'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/retry?from=%2Fcards%2F${cardId}`));
  });

  it('offers change PIN, profile, language and sign out in the header menu of a single-card wallet, without a way back', async () => {
    const { calls } = renderDetail(cardDetail(), {
      site: singleCardSite(),
      extra: {
        'GET /api/v2/cards': () => Response.json({ data: [cardListItem()], page: 1, count: 1 }),
        'POST /api/auth/logout': () => new Response(null, { status: 204 }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('link', { name: 'Change PIN' })).toHaveAttribute('href', '/settings/change-pin');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/cards/${cardId}/profile`);
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.some((call) => call.url === '/api/auth/logout')).toBe(true);
  });

  it('has no header menu when the wallet holds more than one card', async () => {
    renderDetail(cardDetail());
    await screen.findByText('1.250 Pts');
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('shows the inbox icon in the card’s header with the unread count, and opens the inbox', async () => {
    renderDetail(cardDetail(), { extra: { 'GET /api/v2/inbox/unreads-inbox': () => Response.json({ data: { count: 3 } }) } });
    const header = screen.getByRole('banner');
    const inbox = await within(header).findByRole('button', { name: 'Inbox, 3 unread' });
    expect(inbox).toHaveTextContent(/^3$/);
    await userEvent.click(inbox);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/notifications$/);
  });

  it('shows the inbox icon without a badge when the unread count cannot be read', async () => {
    renderDetail(cardDetail(), { extra: { 'GET /api/v2/inbox/unreads-inbox': () => errorAnswer('SERVICE_UNAVAILABLE') } });
    await screen.findByText('1.250 Pts');
    const inbox = within(screen.getByRole('banner')).getByRole('button', { name: 'Inbox' });
    expect(inbox.querySelector('.icon-btn__count')).toBeNull();
  });
});

describe('CardDetailPage report', () => {
  it("tells the server the member opened the card's page, once", async () => {
    const { calls } = renderDetail(cardDetail());
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/v2/events').map((call) => call.body)).toEqual([{ name: 'view_card_detail', cardId }]));
  });
});

describe('CardDetailPage banners', () => {
  const picture = (id: string) => ({ src: `/media/${id}/480.webp`, srcSet: `/media/${id}/480.webp 480w, /media/${id}/960.webp 960w`, width: 480, height: 270 });
  const rowBanners = [
    { id: 'b-1', title: 'Double points this weekend', image: picture('i-1'), link: `/cards/${cardId}/catalogs` },
    { id: 'b-2', title: 'Our new outlet', image: picture('i-2'), link: 'https://kopisenja.example/senayan' },
  ];
  const inAppBanners = [
    { id: 'a-1', title: 'Join the Club', image: picture('i-3'), link: '/cards/add-card' },
    { id: 'a-2', title: 'Weekend double points', image: picture('i-4'), link: null },
  ];
  const withBanners = (row: object[], inApp: object[]) => ({
    extra: {
      [`GET /api/v2/cards/${cardId}/banners`]: () => Response.json({ data: row }),
      [`GET /api/v2/cards/${cardId}/in-app-banners`]: () => Response.json({ data: inApp }),
    },
  });

  afterEach(() => localStorage.clear());

  it("shows the merchant's banners in a row, each opening its page, an outside one in a new tab", async () => {
    renderDetail(cardDetail(), withBanners(rowBanners, []));
    const row = await screen.findByRole('region', { name: 'Promotions' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/cards/${cardId}/catalogs`, 'https://kopisenja.example/senayan']);
    expect(links[0]).toHaveAccessibleName('Double points this weekend');
    expect(links[1]).toHaveAccessibleName(/^Our new outlet\s*\(opens in a new tab\)$/);
    expect(links[1]).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows no row without banners, and none when they cannot be read', async () => {
    renderDetail(cardDetail(), { extra: { [`GET /api/v2/cards/${cardId}/banners`]: () => errorAnswer('INTERNAL') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kopi Senja Rewards' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Promotions' })).not.toBeInTheDocument());
  });

  it('shows one in-app banner a visit, the next one on the next visit, and closes it', async () => {
    const first = renderDetail(cardDetail(), withBanners([], inAppBanners));
    const banner = await screen.findByRole('complementary', { name: 'Announcement' });
    expect(within(banner).getByRole('link', { name: 'Join the Club' })).toHaveAttribute('href', '/cards/add-card');
    await userEvent.click(within(banner).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).not.toBeInTheDocument();
    first.unmount();

    const second = renderDetail(cardDetail(), withBanners([], inAppBanners));
    const next = await screen.findByRole('complementary', { name: 'Announcement' });
    expect(within(next).getByText('Weekend double points')).toBeInTheDocument();
    expect(within(next).queryByRole('link')).not.toBeInTheDocument();
    second.unmount();

    renderDetail(cardDetail(), withBanners([], inAppBanners));
    expect(await within(await screen.findByRole('complementary', { name: 'Announcement' })).findByText('Join the Club')).toBeInTheDocument();
  });
});

describe('CardDetailPage first-visit tour', () => {
  afterEach(() => localStorage.clear());

  it('walks through the page in four steps on the first visit, and not again', async () => {
    const first = renderDetail(cardDetail(), { tour: true });
    const tour = await screen.findByRole('dialog', { name: 'Your card at a glance' });
    expect(within(tour).getByText('Step 1 of 4')).toBeInTheDocument();
    for (const title of ['Earn at the counter', 'Spend your points', 'Everything else']) {
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
      expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();
    renderDetail(cardDetail(), { tour: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kopi Senja Rewards' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('can be skipped from its first step', async () => {
    renderDetail(cardDetail(), { tour: true });
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Your card at a glance' })).getByRole('button', { name: 'Skip the tour' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('kartu.card-tour')).toBe('true');
  });
});
