import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rewardSchema, type Reward } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { ClaimRewardsPage } from './claim-rewards-page.tsx';
import { cardFixture, cardId, cardPath } from '../../../features/cards/cards.test-support.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { paths } from '../../../config/paths.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';

const rewardsPath = `${cardPath}/rewards`;
const claimPath = '/api/my_vouchers/claim';
const welcomeId = '0b7c3f1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b';

function rewardFixture(overrides: Partial<Reward> = {}): Reward {
  return rewardSchema.parse({
    id: welcomeId,
    kind: 'welcome',
    title: 'Welcome to Kopi Senja',
    amount: 100,
    unit: 'POINT',
    withVoucher: false,
    status: 'claimable',
    grantedAt: '2025-03-01T05:00:00.000Z',
    claimedAt: null,
    ...overrides,
  });
}

const birthday = rewardFixture({
  id: '9e8d7c6b-5a49-4382-b716-05f4e3d2c1b0',
  kind: 'birthday',
  title: 'Happy birthday',
  amount: 200,
  status: 'claimed',
  claimedAt: '2025-02-10T05:00:00.000Z',
});
const claimedWelcome = rewardFixture({ status: 'claimed', claimedAt: '2025-03-02T05:00:00.000Z' });

function serve(claimAnswers: Answer[], rewardsAfter: Reward[]) {
  return stubApi({
    [`GET ${cardPath}`]: [() => okAnswer(cardFixture()), () => okAnswer(cardFixture({ balance: { amount: 1350, unit: 'POINT', expiring: [] } }))],
    [`GET ${rewardsPath}`]: [() => okAnswer({ data: [rewardFixture(), birthday] }), () => okAnswer({ data: rewardsAfter })],
    [`POST ${claimPath}`]: claimAnswers,
  });
}

function renderRewards() {
  return renderPage(<ClaimRewardsPage />, { path: paths.cardClaimRewards.path, history: [`/cards/${cardId}`, `/cards/${cardId}/claim-rewards`] });
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  toast.clear();
  vi.unstubAllGlobals();
});

describe('ClaimRewardsPage', () => {
  it('lists claimable rewards with a Claim button each, and claimed ones below', async () => {
    serve([], []);
    renderRewards();

    const claimable = await screen.findByRole('region', { name: 'Ready to claim' });
    expect(within(claimable).getByText('Welcome to Kopi Senja')).toBeInTheDocument();
    expect(within(claimable).getByRole('button', { name: 'Claim Welcome to Kopi Senja' })).toBeEnabled();
    const claimed = section('Claimed');
    expect(within(claimed).getByText('Happy birthday')).toBeInTheDocument();
    expect(within(claimed).getByText(/^Claimed on .*2025$/)).toBeInTheDocument();
    expect(within(claimed).queryByRole('button')).not.toBeInTheDocument();
  });

  it('claims a reward, confirms it, moves it to the claimed list and shows the new balance', async () => {
    let answerClaim: (response: Response) => void = () => undefined;
    const server = serve([() => new Promise<Response>((resolve) => (answerClaim = resolve))], [claimedWelcome, birthday]);
    renderRewards();
    expect(await screen.findByText('Your balance: 1.250 Pts')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Claim Welcome to Kopi Senja' }));
    const busy = screen.getByRole('button', { name: 'Claim Welcome to Kopi Senja' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveTextContent('Claiming…');
    expect(busy).toBeDisabled();

    answerClaim(okAnswer({ reward: claimedWelcome, balance: { amount: 1350, unit: 'POINT' } }));
    expect(await screen.findByText('Your balance: 1.350 Pts')).toBeInTheDocument();
    expect(server.to('POST', claimPath)[0]?.body).toEqual({ rewardId: welcomeId });
    expect(toast.getToasts().map((item) => item.message)).toEqual(['Reward claimed: +100 Pts']);
    await waitFor(() => expect(within(section('Claimed')).getByText('Welcome to Kopi Senja')).toBeInTheDocument());
    expect(within(section('Ready to claim')).getByText('You have claimed all your rewards')).toBeInTheDocument();
    // spec: app-core §4: the card's claim status is read again.
    await waitFor(() => expect(server.to('GET', rewardsPath)).toHaveLength(2));
    expect(server.to('GET', cardPath).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a reward claimed elsewhere meanwhile as already claimed', async () => {
    serve([() => errorAnswer('REWARD_ALREADY_CLAIMED')], [claimedWelcome, birthday]);
    renderRewards();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim Welcome to Kopi Senja' }));

    await waitFor(() => expect(toast.getToasts().map((item) => item.message)).toEqual(['This reward has already been claimed']));
    await waitFor(() => expect(within(section('Claimed')).getByText('Welcome to Kopi Senja')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Claim / })).not.toBeInTheDocument();
  });

  it('says so when the card has no rewards', async () => {
    stubApi({ [`GET ${cardPath}`]: [() => okAnswer(cardFixture())], [`GET ${rewardsPath}`]: [() => okAnswer({ data: [] })] });
    renderRewards();
    expect(await screen.findByText('No rewards yet')).toBeInTheDocument();
  });

  it('tells a reward that brings an e-voucher, without an amount of nothing, and reads the vouchers again once claimed', async () => {
    const treat = rewardFixture({ title: 'Free Kopi Susu', amount: 0, withVoucher: true });
    const both = rewardFixture({ id: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d', title: 'Level up: Gold', kind: 'level-up', amount: 50, withVoucher: true, status: 'claimed', claimedAt: '2025-02-10T05:00:00.000Z' });
    const server = stubApi({
      [`GET ${cardPath}`]: () => okAnswer(cardFixture()),
      [`GET ${rewardsPath}`]: () => okAnswer({ data: [treat, both] }),
      [`POST ${claimPath}`]: () => okAnswer({ reward: { ...treat, status: 'claimed', claimedAt: '2025-03-02T05:00:00.000Z' }, balance: { amount: 1250, unit: 'POINT' } }),
    });
    const { queryClient } = renderRewards();
    const claimable = await screen.findByRole('region', { name: 'Ready to claim' });
    const item = within(claimable).getByText('Free Kopi Susu').closest('li');
    expect(item).toHaveTextContent('Comes with an e-voucher');
    expect(item).not.toHaveTextContent(/Pts/);
    expect(within(section('Claimed')).getByText('Level up: Gold').closest('li')).toHaveTextContent(/\+50 Pts.*Comes with an e-voucher/);

    const wallet = { queryKey: voucherKeys.count(), queryFn: () => 0 };
    await queryClient.prefetchQuery(wallet);
    await userEvent.click(within(claimable).getByRole('button', { name: 'Claim Free Kopi Susu' }));
    await waitFor(() => expect(toast.getToasts().map((entry) => entry.message)).toEqual(['Reward claimed: your e-voucher is in your vouchers']));
    expect(queryClient.getQueryState(wallet.queryKey)?.isInvalidated).toBe(true);
    expect(server.to('POST', claimPath)).toHaveLength(1);
  });
});
