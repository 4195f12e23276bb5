import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Privilege } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { privilegeCardId, surveyPrivilegeOf, voucherPrivilegeOf } from '../privileges.test-support.ts';
import { PrivilegePage } from './privilege-page.tsx';

const privilegesPath = `/api/v2/cards/${privilegeCardId}/privileges`;
const never: Answer = () => new Promise<Response>(() => undefined);
const toastMessages = () => toast.getToasts().map((item) => `${item.type}: ${item.message}`);

function renderPrivilege(privilege: Privilege, { answer, extra = {} }: { answer?: Answer | Answer[]; extra?: Record<string, Answer | Answer[]> } = {}) {
  const api = stubApi({ [`GET ${privilegesPath}/${privilege.id}`]: answer ?? (() => okAnswer({ data: privilege })), ...extra });
  const page = paths.cardPrivilege.href({ cardId: privilegeCardId, privilegeId: privilege.id });
  const view = renderPage(<PrivilegePage />, { path: paths.cardPrivilege.path, history: [paths.cardPrivileges.href({ cardId: privilegeCardId }), page] });
  return { ...view, api };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PrivilegePage', () => {
  it('shows the page as loading while the perk is on its way', () => {
    renderPrivilege(voucherPrivilegeOf(), { answer: never });
    expect(screen.getByRole('heading', { level: 1, name: 'Perk' })).toBeInTheDocument();
    expect(screen.getByText('Loading your perks').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('shows the perk with its state, description, what it gives, its days and its terms', async () => {
    renderPrivilege(voucherPrivilegeOf());
    expect(await screen.findByRole('heading', { level: 1, name: 'Free Kopi for Gold members' })).toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('Two cups on us, any outlet.')).toBeInTheDocument();
    expect(screen.getByText('What you get').nextElementSibling).toHaveTextContent('2 × Free Kopi voucher');
    expect(screen.getByText('Starts').nextElementSibling).toHaveTextContent('Dec 1, 2026');
    expect(screen.getByText('Ends').nextElementSibling).toHaveTextContent('Dec 31, 2026');
    const terms = screen.getByRole('region', { name: 'Terms and conditions' });
    expect(within(terms).getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(within(terms).getByText('One claim per member. Vouchers are valid for 30 days.')).toBeInTheDocument();
    expect(within(terms).queryByRole('button')).not.toBeInTheDocument();
  });

  it('claims a voucher perk after a confirmation, then says so and leads to the vouchers', async () => {
    const claimed = voucherPrivilegeOf({ state: 'claimed' });
    const { api } = renderPrivilege(voucherPrivilegeOf(), {
      answer: [() => okAnswer({ data: voucherPrivilegeOf() }), () => okAnswer({ data: claimed })],
      extra: {
        [`POST ${privilegesPath}/perk-kopi/claim`]: () => okAnswer({ data: { ...claimed, voucherIds: ['v-1', 'v-2'] } }, 201),
        [`GET ${privilegesPath}`]: () => okAnswer({ data: [claimed] }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Claim this perk?' });
    expect(dialog).toHaveAccessibleDescription('2 × Free Kopi vouchers will go to your vouchers. Each member claims this perk once.');
    expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus();
    expect(api.to('POST', `${privilegesPath}/perk-kopi/claim`)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, claim' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(`${privilegesPath}/perk-kopi/claim`)).toEqual([{}]);
    expect(toastMessages()).toEqual(['success: 2 × Free Kopi vouchers are now in your vouchers.']);
    expect(screen.getByText('You claimed this perk')).toHaveFocus();
    expect(screen.getByText('Claimed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my vouchers' })).toHaveAttribute('href', `/cards/${privilegeCardId}/vouchers`);
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
  });

  it('claims nothing when the member says not now', async () => {
    const { api } = renderPrivilege(voucherPrivilegeOf());
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.to('POST', `${privilegesPath}/perk-kopi/claim`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Claim' })).toHaveFocus();
  });

  it('says in the member’s words why a claim was refused, and shows the perk as it is now', async () => {
    renderPrivilege(voucherPrivilegeOf(), {
      answer: [() => okAnswer({ data: voucherPrivilegeOf() }), () => okAnswer({ data: voucherPrivilegeOf({ state: 'ended' }) })],
      extra: { [`POST ${privilegesPath}/perk-kopi/claim`]: () => errorAnswer('PROMOTION_ENDED') },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, claim' }));
    expect(await screen.findByText('This promotion has ended', { selector: 'p' })).toBeInTheDocument();
    expect(toastMessages()).toEqual(['error: This promotion has ended']);
    expect(screen.getByText('Ended on').nextElementSibling).toHaveTextContent('Dec 31, 2026');
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
  });

  it('leads an open survey perk to its survey', async () => {
    renderPrivilege(surveyPrivilegeOf());
    expect(await screen.findByRole('link', { name: 'Answer the survey' })).toHaveAttribute('href', `/cards/${privilegeCardId}/privileges/perk-survey/survey`);
    expect(screen.getByText('What you get').nextElementSibling).toHaveTextContent('100 points once your answer is approved');
    expect(screen.queryByRole('link', { name: 'My answers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Terms and conditions' })).not.toBeInTheDocument();
  });

  it('asks again after a rejected answer, with the way to the answers', async () => {
    renderPrivilege(surveyPrivilegeOf({ latestAnswer: { id: 'answer-1', state: 'rejected' } }));
    expect(await screen.findByText('Your last answer was not approved. You can answer again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer the survey' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My answers' })).toHaveAttribute('href', `/cards/${privilegeCardId}/privileges/perk-survey/answers`);
  });

  it('says an answer waits for review within 2 working days, with the way to the answers', async () => {
    renderPrivilege(surveyPrivilegeOf({ state: 'answered', latestAnswer: { id: 'answer-1', state: 'pending' } }));
    expect(await screen.findByText('Answer in review')).toBeInTheDocument();
    expect(screen.getByText('Your answer is in review')).toBeInTheDocument();
    expect(screen.getByText('Your answer is reviewed within 2 working days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My answers' })).toHaveAttribute('href', `/cards/${privilegeCardId}/privileges/perk-survey/answers`);
    expect(screen.queryByRole('link', { name: 'Answer the survey' })).not.toBeInTheDocument();
  });

  it('says an approved answer brought its points', async () => {
    renderPrivilege(surveyPrivilegeOf({ state: 'answered', latestAnswer: { id: 'answer-1', state: 'approved' } }));
    expect(await screen.findByText('Your answer was approved')).toBeInTheDocument();
    expect(screen.getByText('100 points added to your card.')).toBeInTheDocument();
  });

  it('leads a claimed perk to the vouchers', async () => {
    renderPrivilege(voucherPrivilegeOf({ state: 'claimed' }));
    expect(await screen.findByText('You claimed this perk')).not.toHaveFocus();
    expect(screen.getByRole('link', { name: 'See my vouchers' })).toHaveAttribute('href', `/cards/${privilegeCardId}/vouchers`);
  });

  it.each<[string, Privilege['lock'], string, string]>([
    ['a level', { kind: 'level', levelName: 'Gold' }, 'Reach Gold to unlock this perk', 'See the levels'],
    ['a membership', { kind: 'subscription' }, 'For members with an active membership', 'Become a member'],
  ])('says a perk locked behind %s is out of reach, and leads to what unlocks it', async (_case, lock, why, link) => {
    renderPrivilege(voucherPrivilegeOf({ state: 'locked', lock }));
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.getByText('Locked')).toBeInTheDocument();
    const to = lock?.kind === 'level' ? paths.cardLevels : paths.cardSubscribe;
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', to.href({ cardId: privilegeCardId }));
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
  });

  it.each<[Privilege['state'], string]>([
    ['inactive', 'This perk is not active'],
    ['ended', 'This promotion has ended'],
  ])('says why a %s perk cannot be taken', async (state, why) => {
    renderPrivilege(surveyPrivilegeOf({ state }));
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Answer the survey' })).not.toBeInTheDocument();
  });

  it('opens long terms at their beginning, and all of them on request', async () => {
    const terms = `${'Vouchers are valid at every outlet in Jakarta for 30 days after the claim. '.repeat(5)}The last line.`;
    renderPrivilege(voucherPrivilegeOf({ terms }));
    const more = await screen.findByRole('button', { name: 'Read all terms' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/The last line\.$/)).not.toBeInTheDocument();
    expect(screen.getByText(/…$/)).toBeInTheDocument();
    await userEvent.click(more);
    expect(screen.getByText(/The last line\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the 404 page for a perk the card does not have', async () => {
    renderPrivilege(voucherPrivilegeOf(), { answer: () => errorAnswer('PERK_NOT_FOUND') });
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Perk not found');
  });

  it('says why the perk could not be loaded and tries again', async () => {
    renderPrivilege(voucherPrivilegeOf(), { answer: [() => errorAnswer('INTERNAL'), () => okAnswer({ data: voucherPrivilegeOf() })] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Free Kopi for Gold members' })).toBeInTheDocument();
  });

  it('goes back to the perks', async () => {
    renderPrivilege(voucherPrivilegeOf());
    await screen.findByRole('heading', { level: 1, name: 'Free Kopi for Gold members' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/cards/${privilegeCardId}/privileges$`));
  });
});
