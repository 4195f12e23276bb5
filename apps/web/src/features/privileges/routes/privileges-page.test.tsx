import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { privilegeCardId, surveyPrivilegeOf, voucherPrivilegeOf } from '../privileges.test-support.ts';
import { PrivilegesPage } from './privileges-page.tsx';

const privilegesPath = `/api/v2/cards/${privilegeCardId}/privileges`;
const never: Answer = () => new Promise<Response>(() => undefined);

function renderPrivileges(answers: Answer | Answer[]) {
  stubApi({ [`GET ${privilegesPath}`]: answers });
  return renderPage(<PrivilegesPage />, { path: paths.cardPrivileges.path, history: [`/cards/${privilegeCardId}`, paths.cardPrivileges.href({ cardId: privilegeCardId })] });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PrivilegesPage', () => {
  it('shows the page as loading while the perks are on their way', () => {
    renderPrivileges(never);
    expect(screen.getByRole('heading', { level: 1, name: 'Perks' })).toBeInTheDocument();
    expect(screen.getByText('Loading your perks').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('shows each perk as a card with its state, what it gives and its last day, linking to its page', async () => {
    renderPrivileges(() =>
      okAnswer({
        data: [
          voucherPrivilegeOf(),
          surveyPrivilegeOf(),
          surveyPrivilegeOf({ id: 'perk-stamps', title: 'Rate our pastries', unit: 'STAMP', rewardPoints: 1, endsAt: null }),
          surveyPrivilegeOf({ id: 'perk-thanks', title: 'A word for the barista', rewardPoints: null }),
        ],
      }),
    );
    const [kopi, survey, stamps, thanks, ...others] = await screen.findAllByRole('article');
    if (!kopi || !survey || !stamps || !thanks) throw new Error('four perks expected');
    expect(others).toEqual([]);

    expect(within(kopi).getByRole('heading', { level: 2, name: 'Free Kopi for Gold members' })).toBeInTheDocument();
    expect(within(kopi).getByRole('link', { name: 'Free Kopi for Gold members' })).toHaveAttribute('href', `/cards/${privilegeCardId}/privileges/perk-kopi`);
    expect(within(kopi).getByText('Available')).toBeInTheDocument();
    expect(within(kopi).getByText('2 × Free Kopi voucher')).toBeInTheDocument();
    expect(within(kopi).getByText('Ends Dec 31, 2026')).toBeInTheDocument();

    expect(within(survey).getByText('100 points once your answer is approved')).toBeInTheDocument();
    expect(within(stamps).getByText('1 stamp once your answer is approved')).toBeInTheDocument();
    expect(within(stamps).queryByText(/^Ends/)).not.toBeInTheDocument();
    expect(within(thanks).queryByText(/once your answer is approved/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each([
    [voucherPrivilegeOf({ state: 'claimed' }), 'Claimed'],
    [surveyPrivilegeOf({ state: 'answered', latestAnswer: { id: 'answer-1', state: 'pending' } }), 'Answer in review'],
    [surveyPrivilegeOf({ state: 'answered', latestAnswer: { id: 'answer-1', state: 'approved' } }), 'Approved'],
    [voucherPrivilegeOf({ state: 'locked', lock: { kind: 'level', levelName: 'Gold' } }), 'Locked'],
    [voucherPrivilegeOf({ state: 'inactive' }), 'Not active'],
  ])('badges a perk %#: %s', async (privilege, badge) => {
    renderPrivileges(() => okAnswer({ data: [privilege] }));
    expect(within(await screen.findByRole('article')).getByText(badge)).toBeInTheDocument();
  });

  it('says when an ended perk ended', async () => {
    renderPrivileges(() => okAnswer({ data: [voucherPrivilegeOf({ state: 'ended', endsAt: '2026-11-30T12:00:00.000Z' })] }));
    const perk = await screen.findByRole('article');
    expect(within(perk).getByText('Ended')).toBeInTheDocument();
    expect(within(perk).getByText('Ended on Nov 30, 2026')).toBeInTheDocument();
  });

  it('says so when the card has no perk', async () => {
    renderPrivileges(() => okAnswer({ data: [] }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No perks yet' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says why the perks could not be loaded, in the member’s words, and tries again', async () => {
    renderPrivileges([() => errorAnswer('INTERNAL'), () => okAnswer({ data: [voucherPrivilegeOf()] })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Free Kopi for Gold members' })).toBeInTheDocument();
  });

  it('shows the 404 page for a card that is not the member’s', async () => {
    renderPrivileges(() => errorAnswer('CARD_NOT_FOUND'));
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Card not found');
  });

  it('goes back to the card', async () => {
    renderPrivileges(() => okAnswer({ data: [] }));
    await screen.findByRole('heading', { name: 'No perks yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/cards/${privilegeCardId}$`));
  });
});
