import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferralJoin, SignInAnswer } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core/calendar';
import { toast } from '../../components/feedback/toast-store.ts';
import { storageKeys } from '../../config/storage-keys.ts';
import { rememberReferralCode } from '../../lib/referrals.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../test/api-stub.test-support.ts';
import { renderPage } from '../../test/render.test-support.tsx';
import { sessionAnswer, signInAnswer } from './auth.test-support.ts';
import { updateSignInFlow } from './sign-in-flow.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

const joinPath = '/api/v2/referrals/join';
const joined: ReferralJoin = { referralId: 'ref-1', programName: 'Kopi Senja Rewards', cardId: 'card-9', friendReward: 50, unit: 'POINT', referrerName: 'Rani S.' };

/** The last step of a sign-in, as the code and PIN pages end it: with the verify answer, or by asking the session. */
function FinishButton({ answer }: { answer?: SignInAnswer }) {
  const finish = useFinishSignIn();
  return (
    <button type="button" onClick={() => void finish(answer)}>
      Finish
    </button>
  );
}

async function finishSignIn({ answer, join = () => okAnswer({ data: joined }) }: { answer?: SignInAnswer; join?: Answer } = {}) {
  const server = stubApi({ [`POST ${joinPath}`]: join, 'GET /api/auth/session': () => okAnswer(sessionAnswer()) });
  renderPage(<FinishButton answer={answer} />, { history: ['/new-pin'] });
  await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
  await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('/new-pin'));
  return server;
}

const toastMessages = () => toast.getToasts().map((item) => `${item.type}: ${item.message}`);

afterEach(() => vi.unstubAllGlobals());

describe('useFinishSignIn with an invite link kept from the landing page', () => {
  it('joins a new member through the kept code, says so, and opens the card it credited', async () => {
    rememberReferralCode('RANI2026');
    const server = await finishSignIn({ answer: signInAnswer({ isNewUser: true, pinRequired: false }) });
    expect(server.bodiesOf(joinPath)).toEqual([{ code: 'RANI2026' }]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards\/card-9$/);
    expect(toastMessages()).toEqual(["success: You joined through Rani S.'s invite: 50 Pts added to your Kopi Senja Rewards card."]);
    expect(localStorage.getItem(storageKeys.referral)).toBeNull();
  });

  it('joins a new member who finished with a first PIN, the account read from the session', async () => {
    rememberReferralCode('RANI2026');
    updateSignInFlow({ pinPending: { isNewUser: true } });
    const server = await finishSignIn({ join: () => okAnswer({ data: { ...joined, referrerName: null, friendReward: 0 } }) });
    expect(server.bodiesOf(joinPath)).toEqual([{ code: 'RANI2026' }]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards\/card-9$/);
    expect(toastMessages()).toEqual(["success: You joined Kopi Senja Rewards through a friend's invite."]);
  });

  it('never joins a member who was not new, and forgets the code', async () => {
    rememberReferralCode('RANI2026');
    const server = await finishSignIn({ answer: signInAnswer({ isNewUser: false, pinRequired: false }) });
    expect(server.to('POST', joinPath)).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/);
    expect(localStorage.getItem(storageKeys.referral)).toBeNull();
    expect(toastMessages()).toEqual([]);
  });

  it('goes on to the wallet, saying only that the promotion has ended, when joining is refused for it', async () => {
    rememberReferralCode('RANI2026');
    await finishSignIn({ answer: signInAnswer({ isNewUser: true, pinRequired: false }), join: () => errorAnswer('REFERRAL_ENDED') });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/);
    expect(toastMessages()).toEqual(['error: This promotion has ended']);
    expect(localStorage.getItem(storageKeys.referral)).toBeNull();
  });

  it('goes on to the wallet without a word when joining is refused for another reason', async () => {
    rememberReferralCode('RANI2026');
    await finishSignIn({ answer: signInAnswer({ isNewUser: true, pinRequired: false }), join: () => errorAnswer('REFERRAL_ALREADY_JOINED') });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/);
    expect(toastMessages()).toEqual([]);
    expect(localStorage.getItem(storageKeys.referral)).toBeNull();
  });

  it('does not join through a code kept more than a week ago', async () => {
    rememberReferralCode('RANI2026', Date.now() - 8 * DAY_MS);
    const server = await finishSignIn({ answer: signInAnswer({ isNewUser: true, pinRequired: false }) });
    expect(server.to('POST', joinPath)).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/);
    expect(localStorage.getItem(storageKeys.referral)).toBeNull();
  });

  it('asks nothing more of a new member who came without an invite', async () => {
    const server = await finishSignIn({ answer: signInAnswer({ isNewUser: true, pinRequired: false }) });
    expect(server.to('POST', joinPath)).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/);
  });
});
