import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferralOverview } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { friendsPage, referralCardId, referralFriend, referralId, referralOverview } from '../referral.test-support.ts';
import { ReferralPage } from './referral-page.tsx';

const overviewPath = `/api/v2/referrals/${referralId}`;
const friendsPath = `${overviewPath}/friends`;
const invitesPath = `${overviewPath}/invites`;
const never: Answer = () => new Promise<Response>(() => undefined);

function serve({ overview = referralOverview(), friends = [() => okAnswer(friendsPage([]))], extra = {} }: { overview?: ReferralOverview | Answer | Answer[]; friends?: Answer[]; extra?: Record<string, Answer | Answer[]> } = {}) {
  const overviewAnswers = typeof overview === 'function' || Array.isArray(overview) ? overview : () => okAnswer({ data: overview });
  return stubApi({ [`GET ${overviewPath}`]: overviewAnswers, [`GET ${friendsPath}`]: friends, ...extra });
}

function renderReferral() {
  return renderPage(<ReferralPage />, { path: paths.cardReferral.path, history: [`/cards/${referralCardId}`, `/cards/${referralCardId}/referral/${referralId}`] });
}

async function invite(phone: string) {
  await userEvent.type(await screen.findByLabelText("Your friend's phone number"), phone);
  await userEvent.click(screen.getByRole('button', { name: 'Send invite' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReferralPage', () => {
  it('shows the page as loading while the program is on its way', () => {
    serve({ overview: never });
    renderReferral();
    expect(screen.getByRole('heading', { level: 1, name: 'Refer friends' })).toBeInTheDocument();
    expect(screen.getByText('Loading your referral program').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('says what the member earns for each friend and when, what the friend receives, and until when', async () => {
    serve({ overview: referralOverview({ endsAt: '2026-06-30T10:00:00.000Z' }) });
    renderReferral();
    expect(await screen.findByRole('heading', { level: 2, name: 'Earn 100 Pts for each friend who makes a first purchase' })).toBeInTheDocument();
    expect(screen.getByText('Your friend receives 50 Pts on joining.')).toBeInTheDocument();
    expect(screen.getByText(/^The promotion runs until Jun 30, 2026\.$/)).toBeInTheDocument();
    expect(screen.getByText('Kopi Senja Rewards')).toBeInTheDocument();
  });

  it('words a program that pays once a friend joins, in stamps', async () => {
    serve({ overview: referralOverview({ rewardOn: 'registered', unit: 'STAMP', referrerReward: 2, friendReward: 0 }) });
    renderReferral();
    expect(await screen.findByRole('heading', { level: 2, name: 'Earn 2 Stamps for each friend who joins' })).toBeInTheDocument();
    expect(screen.queryByText(/on joining/)).not.toBeInTheDocument();
  });

  it('shows the member’s code and shares their link with the words of the offer', async () => {
    serve();
    renderReferral();
    const share = await screen.findByRole('region', { name: 'Your code' });
    expect(within(share).getByText('RANI2026')).toBeInTheDocument();
    expect(within(share).getByRole('button', { name: 'Copy code RANI2026' })).toBeInTheDocument();
    expect(within(share).getByLabelText('Your invite link')).toHaveValue('https://kopisenja.test/?ref=RANI2026');
    const whatsapp = within(share).getByRole('link', { name: 'WhatsApp' });
    expect(decodeURIComponent(whatsapp.getAttribute('href') ?? '')).toBe(
      'https://wa.me/?text=Join Kopi Senja Rewards with my code RANI2026 and get 50 Pts https://kopisenja.test/?ref=RANI2026',
    );
    expect(within(share).getAllByRole('link').map((link) => link.textContent)).toEqual(['WhatsApp', 'LINE', 'Facebook', 'X (Twitter)', 'SMS']);
  });

  it('counts the friends pending, registered and who made a purchase, and the commission earned', async () => {
    serve();
    renderReferral();
    const summary = await screen.findByRole('region', { name: 'Your invites' });
    const counts = within(summary).getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(counts).toEqual(['Pending: 2', 'Registered: 1', 'Made a purchase: 3', 'Commission earned: 300 Pts']);
  });

  it('lists each friend with their state, why one is unavailable, the commission and the dates', async () => {
    serve({
      friends: [
        () =>
          okAnswer(
            friendsPage([
              referralFriend({ id: 'f-1', friendPhone: '+62 812-****-1111' }),
              referralFriend({ id: 'f-2', friendPhone: '+62 812-****-2222', state: 'registered', registeredAt: '2026-03-03T03:00:00.000Z' }),
              referralFriend({
                id: 'f-3',
                friendPhone: '+62 812-****-3333',
                state: 'purchased',
                registeredAt: '2026-03-03T03:00:00.000Z',
                purchasedAt: '2026-03-05T03:00:00.000Z',
                commission: 100,
              }),
              referralFriend({ id: 'f-4', friendPhone: '+62 812-****-4444', state: 'purchased', purchasedAt: '2026-03-05T03:00:00.000Z', commissionPending: true }),
              referralFriend({ id: 'f-5', friendPhone: '+62 812-****-5555', state: 'unavailable', unavailableReason: 'invited-by-another' }),
            ]),
          ),
      ],
    });
    renderReferral();
    const friends = await screen.findByRole('region', { name: 'Friends you invited' });
    const rows = await within(friends).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '+62 812-****-1111PendingInvited Mar 2, 2026',
      '+62 812-****-2222RegisteredInvited Mar 2, 2026 · Joined Mar 3, 2026',
      '+62 812-****-3333Made a purchaseInvited Mar 2, 2026 · Joined Mar 3, 2026 · First purchase Mar 5, 2026Commission +100 Pts',
      '+62 812-****-4444Made a purchaseInvited Mar 2, 2026 · First purchase Mar 5, 2026Commission on its way',
      '+62 812-****-5555UnavailableAnother member invited them first.Invited Mar 2, 2026',
    ]);
  });

  it('shows the friends of one state, and more of them on request', async () => {
    const server = serve({
      friends: [() => okAnswer(friendsPage([referralFriend({ id: 'f-1' })]))],
      extra: {
        [`GET ${friendsPath}?page=1&state=registered`]: () => okAnswer(friendsPage([referralFriend({ id: 'f-2', friendPhone: '+62 812-****-2222', state: 'registered' })], { count: 2 })),
        [`GET ${friendsPath}?page=2&state=registered`]: () =>
          okAnswer(friendsPage([referralFriend({ id: 'f-3', friendPhone: '+62 812-****-3333', state: 'registered' })], { page: 2, count: 2 })),
      },
    });
    renderReferral();
    const friends = await screen.findByRole('region', { name: 'Friends you invited' });
    expect(within(friends).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(friends).getByRole('tab', { name: 'Registered' }));
    const panel = within(friends).getByRole('tabpanel', { name: 'Registered' });
    expect(await within(panel).findByText('+62 812-****-2222')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Load more friends' }));
    expect(await within(panel).findByText('+62 812-****-3333')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Load more friends' })).not.toBeInTheDocument();
    expect(server.to('GET', friendsPath).map((request) => request.query.toString())).toEqual(['page=1', 'page=1&state=registered', 'page=2&state=registered']);
  });

  it('invites the member to share when nobody is invited yet', async () => {
    serve({ overview: referralOverview({ summary: { pending: 0, registered: 0, purchased: 0, commission: 0 } }) });
    renderReferral();
    expect(await screen.findByRole('heading', { level: 3, name: 'No friends invited yet' })).toBeInTheDocument();
    expect(screen.getByText('Share your code or invite a friend by phone: everyone you invite shows up here.')).toBeInTheDocument();
  });

  it('invites a friend by phone, says so, and refreshes the counts and the list', async () => {
    const server = serve({
      overview: [() => okAnswer({ data: referralOverview() }), () => okAnswer({ data: referralOverview({ invitesLeftToday: 17, summary: { pending: 3, registered: 1, purchased: 3, commission: 300 } }) })],
      friends: [() => okAnswer(friendsPage([])), () => okAnswer(friendsPage([referralFriend()]))],
      extra: { [`POST ${invitesPath}`]: () => okAnswer({ data: referralFriend() }, 201) },
    });
    renderReferral();
    expect(await screen.findByText('You can invite 18 more friends today.')).toBeInTheDocument();
    await invite('0812 3456 7890');

    expect(await screen.findByText('You can invite 17 more friends today.')).toBeInTheDocument();
    expect(server.bodiesOf(invitesPath)).toEqual([{ phone: '081234567890', countryCode: '62' }]);
    expect(toast.getToasts().map((item) => item.message)).toEqual(['+62 812-****-6789 is invited. Send them your link so they can join.']);
    expect(await screen.findByText('+62 812-****-6789')).toBeInTheDocument();
    expect(screen.getByLabelText("Your friend's phone number")).toHaveValue('');
  });

  it('offers to send the link to the friend just invited, by WhatsApp or SMS, with the words of the offer', async () => {
    serve({ extra: { [`POST ${invitesPath}`]: () => okAnswer({ data: referralFriend() }, 201) } });
    renderReferral();
    await invite('0812 3456 7890');
    const panel = (await screen.findByText('Send your link to +62 812-****-6789 now:')).parentElement as HTMLElement;
    const overview = referralOverview();
    const words = encodeURIComponent(`Join ${overview.programName} with my code ${overview.code} and get 50 Pts ${overview.link}`);
    expect(within(panel).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', `https://wa.me/6281234567890?text=${words}`);
    expect(within(panel).getByRole('link', { name: 'SMS' })).toHaveAttribute('href', `sms:+6281234567890?&body=${words}`);
  });

  it('says why a friend invited now brings no commission', async () => {
    serve({ extra: { [`POST ${invitesPath}`]: () => okAnswer({ data: referralFriend({ state: 'unavailable', unavailableReason: 'already-member' }) }, 201) } });
    renderReferral();
    await invite('081234567890');
    await waitFor(() =>
      expect(toast.getToasts().map((item) => item.message)).toEqual([
        '+62 812-****-6789 is on your list, but no commission applies. They were already a member when you invited them.',
      ]),
    );
  });

  it('shows the server’s word about the number under the field, and checks the number before sending', async () => {
    const server = serve({
      extra: {
        [`POST ${invitesPath}`]: [
          () => errorAnswer('VALIDATION_FAILED', { details: [{ field: 'body.phone', rule: 'mobile', message: 'Enter a mobile number' }] }),
          () => errorAnswer('REFERRAL_ALREADY_INVITED'),
        ],
      },
    });
    renderReferral();
    await userEvent.click(await screen.findByRole('button', { name: 'Send invite' }));
    expect(screen.getByText("Enter your friend's phone number")).toBeInTheDocument();
    expect(server.bodiesOf(invitesPath)).toEqual([]);

    await invite('081234567890');
    const field = screen.getByLabelText("Your friend's phone number");
    await waitFor(() => expect(field).toHaveAccessibleDescription('Enter a mobile number'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('You have already invited this friend'));
  });

  it('shows any other refusal under the form', async () => {
    serve({ extra: { [`POST ${invitesPath}`]: () => errorAnswer('REFERRAL_INVITES_LIMIT') } });
    renderReferral();
    await invite('081234567890');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent all your invites for today. Try again tomorrow');
  });

  it('keeps the invite form in view but switched off once today’s invites are used', async () => {
    serve({ overview: referralOverview({ invitesLeftToday: 0 }) });
    renderReferral();
    expect(await screen.findByText('You have sent all your invites for today. You can invite more friends tomorrow.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send invite' })).toBeDisabled();
    expect(screen.getByLabelText("Your friend's phone number")).toBeDisabled();
  });

  it('moves focus to why the form is off when the day’s last invite switches it off', async () => {
    serve({
      overview: [() => okAnswer({ data: referralOverview({ invitesLeftToday: 1 }) }), () => okAnswer({ data: referralOverview({ invitesLeftToday: 0 }) })],
      extra: { [`POST ${invitesPath}`]: () => okAnswer({ data: referralFriend() }, 201) },
    });
    renderReferral();
    expect(await screen.findByText('You can invite 1 more friend today.')).toBeInTheDocument();
    await invite('081234567890');
    const why = await screen.findByText('You have sent all your invites for today. You can invite more friends tomorrow.');
    await waitFor(() => expect(why).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Send invite' })).toBeDisabled();
  });

  it('says an ended promotion has ended, offers no way to share or invite, and keeps the counts and the friends', async () => {
    serve({ overview: referralOverview({ status: 'ended', endsAt: '2026-02-28T10:00:00.000Z' }), friends: [() => okAnswer(friendsPage([referralFriend()]))] });
    renderReferral();
    expect(await screen.findByRole('heading', { level: 2, name: 'This promotion has ended' })).toBeInTheDocument();
    expect(screen.getByText(/^It ended on Feb 28, 2026\./)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Earn/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your invites' })).toBeInTheDocument();
    expect(await screen.findByText('+62 812-****-6789')).toBeInTheDocument();
  });

  it('shows the 404 page for a program the member does not have', async () => {
    serve({ overview: () => errorAnswer('REFERRAL_NOT_FOUND') });
    renderReferral();
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Referral program not found');
  });

  it('says why the program could not be loaded and tries again', async () => {
    serve({ overview: [() => errorAnswer('INTERNAL'), () => okAnswer({ data: referralOverview() })] });
    renderReferral();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /^Earn 100 Pts/ })).toBeInTheDocument();
  });

  it('goes back to the card the program belongs to', async () => {
    serve();
    renderReferral();
    await screen.findByRole('heading', { name: /^Earn/ });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${referralCardId}`);
  });
});
